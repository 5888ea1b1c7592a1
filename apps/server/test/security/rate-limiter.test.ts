import { RATE_LIMIT_ROW_RETENTION_MINUTES } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as rateLimiter from '../../src/modules/security/rate-limiter.ts';
import { rateLimits } from '../../src/platform/db/schema/index.ts';
import { openTestDatabase } from '../support/databases.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';

const ago = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
const fromNow = (minutes: number) => sql`now() + make_interval(mins => ${minutes})`;

describeOnEachDatabase('rate-limit pruning', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('deletes only rows idle past the retention with no block running', async () => {
    const old = RATE_LIMIT_ROW_RETENTION_MINUTES + 5;
    await database.db.insert(rateLimits).values([
      { key: 'idle', attempts: 3, windowStart: ago(old) },
      { key: 'idle-block-over', attempts: 9, windowStart: ago(old), blockedUntil: ago(old - 15) },
      { key: 'idle-still-blocked', attempts: 9, windowStart: ago(old), blockedUntil: fromNow(10) },
      { key: 'recent', attempts: 1, windowStart: ago(RATE_LIMIT_ROW_RETENTION_MINUTES - 5) },
    ]);
    expect(await rateLimiter.prune(database.db)).toBe(2);
    const left = await database.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(left.map((r) => r.key).sort()).toEqual(['idle-still-blocked', 'recent']);
  });

  it('refuses a rule whose window would outlast the retention', async () => {
    const rule = { maxAttempts: 5, windowMinutes: RATE_LIMIT_ROW_RETENTION_MINUTES + 1, blockMinutes: 1 };
    await expect(rateLimiter.hit(database.db, 'too-long', rule)).rejects.toThrow(/RATE_LIMIT_ROW_RETENTION_MINUTES/);
  });
});
