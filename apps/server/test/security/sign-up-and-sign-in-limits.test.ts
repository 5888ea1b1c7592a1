import { SIGN_IN_MAX_FAILURES, SIGN_UPS_PER_CLIENT_PER_HOUR, SIGN_UPS_PER_DOMAIN_PER_WINDOW } from '@atelier/contracts';
import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authUsers } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { postJson, signIn, signUpTestUser } from '../support/users.ts';
import { LIMITS_AS_SHIPPED } from './limits-as-shipped.ts';

// Limits on what strangers can do: 30 accounts from one client in 3.2 s, each with 30
// spendable credits; 50 probes of taken addresses in 0.6 s; five wrong passwords from one
// client locking the owner out for 15 minutes.

describeOnEachDatabase('limits on strangers', (kind) => {
  let rt: TestRuntime;
  let nextAddress = 1;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` });

  beforeAll(async () => {
    rt = await createTestRuntime(kind, LIMITS_AS_SHIPPED);
  });
  afterAll(() => rt?.close());

  const signUp = (email: string, headers: Record<string, string>) =>
    rt.request('/api/auth/sign-up/email', postJson({ email, password: 'a fine password', name: 'x' }, headers));
  const accountsLike = async (pattern: string) =>
    Number((await rt.database.db.select({ n: count() }).from(authUsers).where(like(authUsers.email, pattern)))[0]!.n);

  it('a burst of sign-ups from one address meets 429 with Retry-After, and opens no more accounts', async () => {
    const address = from();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signUp(`burst${i}@burst-one.example`, address)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(SIGN_UPS_PER_CLIENT_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - SIGN_UPS_PER_CLIENT_PER_HOUR);
    const refused = answers.find((res) => res.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(await accountsLike('%@burst-one.example')).toBe(SIGN_UPS_PER_CLIENT_PER_HOUR);
    // Another client is not held up by it.
    expect((await signUp('someone-else@burst-one.example', from())).status).toBe(200);
  });

  it('taken addresses cannot be probed: they count against the client like any sign-up', async () => {
    const taken = await signUpTestUser(rt, { headers: from() });
    const address = from();
    const probes: number[] = [];
    for (let i = 0; i < 10; i++) probes.push((await signUp(taken.email, address)).status);
    expect(probes.slice(0, SIGN_UPS_PER_CLIENT_PER_HOUR)).toEqual(Array(SIGN_UPS_PER_CLIENT_PER_HOUR).fill(409));
    expect(probes.slice(SIGN_UPS_PER_CLIENT_PER_HOUR).every((s) => s === 429)).toBe(true);
  });

  it('many sign-ups at subdomains of one mail domain, from many addresses of one network, meet one burst limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_UPS_PER_DOMAIN_PER_WINDOW + 3; i++) {
      statuses.push((await signUp(`bot${i}@d${i}.throwaway.example`, from())).status);
    }
    expect(statuses.slice(0, SIGN_UPS_PER_DOMAIN_PER_WINDOW).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(SIGN_UPS_PER_DOMAIN_PER_WINDOW)).toEqual([429, 429, 429]);
    expect(await accountsLike('%.throwaway.example')).toBe(SIGN_UPS_PER_DOMAIN_PER_WINDOW);
  });

  it('after five wrong passwords from one address, the owner signs in from another', async () => {
    const owner = await signUpTestUser(rt, { headers: from() });
    const attacker = from();
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++) await signIn(rt, { email: owner.email }, `guess ${i}`, attacker);
    expect((await signIn(rt, { email: owner.email }, owner.password, attacker)).status).toBe(429);
    expect((await signIn(rt, { email: owner.email }, owner.password, from())).status).toBe(200);
  });
});
