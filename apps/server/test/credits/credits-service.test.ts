import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chargeCredits, getCreditBalance, grantCredits, refundCredits } from '../../src/modules/credits/service.ts';
import type { DatabaseHandle } from '../../src/platform/db/database.ts';
import { creditLedger, profiles } from '../../src/platform/db/schema/index.ts';
import { AppError } from '../../src/platform/http/app-error.ts';
import { openTestDatabase } from '../support/databases.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';

describeOnEachDatabase('credits service', (kind) => {
  let database: DatabaseHandle;
  let n = 0;
  const newProfile = async (credits: number) => {
    const userId = `user-${kind}-${++n}`;
    await database.db.insert(profiles).values({ userId, email: `${userId}@example.com`, referralCode: `REF${n}` });
    if (credits > 0) {
      await grantCredits(database.db, {
        userId,
        amount: credits,
        reason: 'signup',
        idempotencyKey: `signup:${userId}`,
      });
    }
    return userId;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('charges, refunds and keeps one ledger row per change', async () => {
    const userId = await newProfile(30);
    await database.db.transaction((tx) =>
      chargeCredits(tx, { userId, amount: 3, reason: 'run', reference: 'run-1', idempotencyKey: 'charge:run-1' }),
    );
    expect(await getCreditBalance(database.db, userId)).toBe(27);
    await database.db.transaction((tx) =>
      refundCredits(tx, { userId, amount: 3, reason: 'refund', reference: 'run-1', idempotencyKey: 'refund:run-1' }),
    );
    expect(await getCreditBalance(database.db, userId)).toBe(30);
    const rows = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    expect(rows.map((r) => [r.amount, r.balanceAfter, r.reason]).sort()).toEqual(
      [
        [30, 30, 'signup'],
        [-3, 27, 'run'],
        [3, 30, 'refund'],
      ].sort(),
    );
  });

  it('applies a replayed idempotency key once', async () => {
    const userId = await newProfile(0);
    for (let i = 0; i < 5; i++) {
      const result = await grantCredits(database.db, { userId, amount: 400, reason: 'plan', idempotencyKey: 'evt_1' });
      expect(result.applied).toBe(i === 0);
    }
    expect(await getCreditBalance(database.db, userId)).toBe(400);
  });

  it('refuses a charge beyond the balance and changes nothing', async () => {
    const userId = await newProfile(2);
    const attempt = database.db.transaction((tx) =>
      chargeCredits(tx, { userId, amount: 3, reason: 'run', idempotencyKey: 'charge:big' }),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS', status: 402 });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    expect(await getCreditBalance(database.db, userId)).toBe(2);
    const rows = await database.db.select().from(creditLedger).where(eq(creditLedger.idempotencyKey, 'charge:big'));
    expect(rows).toHaveLength(0);
  });

  it('lets exactly as many concurrent charges through as the balance covers', async () => {
    const userId = await newProfile(30);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        database.db.transaction((tx) =>
          chargeCredits(tx, { userId, amount: 1, reason: 'run', idempotencyKey: `concurrent:${userId}:${i}` }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(30);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(10);
    expect(await getCreditBalance(database.db, userId)).toBe(0);
  });

  it('is backed by a CHECK constraint, not only code', async () => {
    const userId = await newProfile(1);
    await expect(
      database.db.update(profiles).set({ credits: -1 }).where(eq(profiles.userId, userId)),
    ).rejects.toThrow();
  });
});
