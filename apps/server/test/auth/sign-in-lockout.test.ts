import {
  RATE_LIMIT_BLOCK_MINUTES,
  SIGN_IN_ACCOUNT_MAX_DELAY_SECONDS,
  SIGN_IN_ACCOUNT_SOFT_FAILURES,
  SIGN_IN_MAX_FAILURES,
} from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAccountKey, signInAddressKey } from '../../src/modules/auth/auth-limits.ts';
import { rateLimits, securityEvents } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { signIn, signUpTestUser } from '../support/users.ts';

describeOnEachDatabase('failed sign-in lockout', (kind) => {
  let rt: TestRuntime;
  let nextAddress = 1;
  /** Each test signs in from its own addresses (TRUST_PROXY is on) so their counts stay apart. */
  const from = (address = `203.0.113.${nextAddress++}`) => ({ 'x-forwarded-for': `198.51.100.7, ${address}` });

  beforeAll(async () => {
    rt = await createTestRuntime(kind, { TRUST_PROXY: 'true' });
  });
  afterAll(() => rt?.close());

  it(`answers 429 after ${SIGN_IN_MAX_FAILURES} failures, also for the right password, and logs each failure`, async () => {
    const user = await signUpTestUser(rt);
    const address = from();
    for (let i = 1; i <= SIGN_IN_MAX_FAILURES; i++) {
      expect((await signIn(rt, { email: user.email }, `wrong ${i}`, address)).status, `attempt ${i}`).toBe(401);
    }
    for (const attempt of ['6th', '7th']) {
      const res = await signIn(rt, { email: user.email }, `wrong ${attempt}`, address);
      expect(res.status, attempt).toBe(429);
      const body = (await res.json()) as { error: { code: string; retryAfter: number } };
      expect(body.error.code).toBe('RATE_LIMITED');
      expect(body.error.retryAfter).toBeGreaterThan((RATE_LIMIT_BLOCK_MINUTES - 1) * 60);
      expect(Number(res.headers.get('retry-after'))).toBe(body.error.retryAfter);
    }
    expect((await signIn(rt, { email: user.email }, user.password, address)).status).toBe(429);
    // The owner, from another address, is not locked out by someone else's guesses.
    expect((await signIn(rt, { email: user.email }, user.password, from())).status).toBe(200);

    const events = await rt.database.db.select().from(securityEvents).where(eq(securityEvents.userId, user.userId));
    expect(events.filter((e) => e.eventType === 'failed_login')).toHaveLength(SIGN_IN_MAX_FAILURES);
    expect(events.filter((e) => e.eventType === 'sign_in_blocked')).toHaveLength(1);
    expect(events[0]).toMatchObject({ ip: address['x-forwarded-for'].split(', ')[1], details: { method: 'email' } });
    expect(JSON.stringify(events)).not.toContain('wrong');

    // Once the address's block has ended the right password works there again.
    await rt.database.db
      .update(rateLimits)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, signInAddressKey(address['x-forwarded-for'].split(', ')[1]!)));
    expect((await signIn(rt, { email: user.email }, user.password, address)).status).toBe(200);
  });

  it(`makes attempts on an account wait longer after ${SIGN_IN_ACCOUNT_SOFT_FAILURES} failures from anywhere, never locks it`, async () => {
    const user = await signUpTestUser(rt);
    for (let i = 1; i <= SIGN_IN_ACCOUNT_SOFT_FAILURES; i++) {
      expect((await signIn(rt, { email: user.email }, `wrong ${i}`, from())).status, `attempt ${i}`).toBe(401);
    }
    // A short wait, growing with each failure — not the address's 15-minute block.
    const waiting = await signIn(rt, { email: user.email }, user.password, from());
    expect(waiting.status).toBe(429);
    const retryAfter = Number(waiting.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_ACCOUNT_MAX_DELAY_SECONDS);
    // Once the wait is over, the owner's right password signs in, from an address of their own.
    await rt.database.db
      .update(rateLimits)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, signInAccountKey(user.email)));
    expect((await signIn(rt, { email: user.email }, user.password, from())).status).toBe(200);
    const blocked = await rt.database.db.select().from(securityEvents).where(eq(securityEvents.userId, user.userId));
    expect(blocked.filter((e) => e.eventType === 'sign_in_blocked')).toMatchObject([{ details: { scope: 'account' } }]);
  });

  it('doubles the wait with each further failure, up to its maximum', async () => {
    const user = await signUpTestUser(rt);
    const waits: number[] = [];
    for (let i = 1; i <= SIGN_IN_ACCOUNT_SOFT_FAILURES + 8; i++) {
      // Past each wait at once, as if time went by: the failures are what is counted.
      await rt.database.db
        .update(rateLimits)
        .set({ blockedUntil: null })
        .where(eq(rateLimits.key, signInAccountKey(user.email)));
      await signIn(rt, { email: user.email }, 'wrong', from());
      const [row] = await rt.database.db
        .select({ wait: sql<number>`extract(epoch from ${rateLimits.blockedUntil} - now())` })
        .from(rateLimits)
        .where(eq(rateLimits.key, signInAccountKey(user.email)));
      waits.push(Math.round(Number(row?.wait ?? 0)));
    }
    expect(waits.slice(0, SIGN_IN_ACCOUNT_SOFT_FAILURES - 1).every((w) => w === 0)).toBe(true);
    expect(waits.slice(SIGN_IN_ACCOUNT_SOFT_FAILURES - 1)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('counts failures per client address across accounts, usernames included', async () => {
    const address = from();
    for (let i = 1; i <= SIGN_IN_MAX_FAILURES; i++) {
      const victim = i % 2 ? { email: `nobody${i}@example.com` } : { username: `nobody${i}` };
      expect((await signIn(rt, victim, 'guess', address)).status).not.toBe(429);
    }
    const user = await signUpTestUser(rt);
    expect((await signIn(rt, { email: user.email }, user.password, address)).status).toBe(429);
    expect((await signIn(rt, { email: user.email }, user.password, from())).status).toBe(200);
  });

  it('clears the account count after a successful sign-in', async () => {
    const user = await signUpTestUser(rt);
    const address = from();
    for (let i = 1; i < SIGN_IN_MAX_FAILURES; i++) await signIn(rt, { email: user.email }, 'wrong', address);
    expect((await signIn(rt, { email: user.email }, user.password, from())).status).toBe(200);
    expect((await signIn(rt, { email: user.email }, 'wrong', from())).status).toBe(401);
    expect((await signIn(rt, { email: user.email }, user.password, from())).status).toBe(200);
  });
});

describe('client address without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For, so a client cannot escape its count by inventing addresses', async () => {
    const rt = await createTestRuntime('pglite');
    try {
      for (let i = 1; i <= SIGN_IN_MAX_FAILURES; i++) {
        await signIn(rt, { email: `ghost${i}@example.com` }, 'guess', { 'x-forwarded-for': `192.0.2.${i}` });
      }
      const res = await signIn(rt, { email: 'someone@example.com' }, 'guess', { 'x-forwarded-for': '192.0.2.99' });
      expect(res.status).toBe(429);
    } finally {
      await rt.close();
    }
  });
});
