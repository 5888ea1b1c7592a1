import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authUsers, securityEvents } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { totpCode } from '../support/totp.ts';
import {
  as,
  cookieOf,
  postJson,
  signIn,
  signUpTestAdmin,
  signUpTestUser,
  type TestUser,
  verifyTestUser,
} from '../support/users.ts';

// Two-factor sign-in (TOTP, Better Auth's plugin) and ADMIN_REQUIRE_2FA.

describeOnEachDatabase('two-factor sign-in', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind, { ADMIN_REQUIRE_2FA: 'true' });
  });
  afterAll(() => rt?.close());

  /** Turns two-factor on as the Security page does: password, scan, first code. */
  const enable = async (user: TestUser) => {
    const started = await rt.request('/api/auth/two-factor/enable', as(user, postJson({ password: user.password })));
    expect(started.status).toBe(200);
    expect(started.headers.get('cache-control')).toBe('no-store');
    const setup = (await started.json()) as {
      totpURI: string;
      secret: string;
      qrCodeSvg: string;
      backupCodes: string[];
    };
    expect(setup.totpURI).toMatch(/^otpauth:\/\/totp\/Atelier:/);
    expect(setup.qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(setup.backupCodes).toHaveLength(10);
    const confirmed = await rt.request(
      '/api/auth/two-factor/verify-totp',
      as(user, postJson({ code: totpCode(setup.secret) })),
    );
    expect(confirmed.status).toBe(200);
    const refreshed = cookieOf(confirmed);
    return { ...setup, user: { ...user, cookie: refreshed || user.cookie } };
  };

  /** A password sign-in that stops at the second step: the cookie of the pending sign-in. */
  const challenge = async (user: TestUser) => {
    const res = await signIn(rt, { email: user.email }, user.password);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    return cookieOf(res);
  };

  it('is not offered before the address is verified (the account may be someone else’s claim)', async () => {
    const user = await signUpTestUser(rt);
    const res = await rt.request('/api/auth/two-factor/enable', as(user, postJson({ password: user.password })));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'EMAIL_NOT_CONFIRMED' } });
  });

  it('asks a password sign-in for a code; a wrong one is refused, the right one signs in', async () => {
    const user = await verifyTestUser(rt, await signUpTestUser(rt));
    expect(
      (await rt.request('/api/auth/two-factor/enable', as(user, postJson({ password: 'not it at all' })))).status,
    ).toBe(401);
    const { secret } = await enable(user);
    const [row] = await rt.database.db.select().from(authUsers).where(eq(authUsers.id, user.userId));
    expect(row?.twoFactorEnabled).toBe(true);

    const pending = await challenge(user);
    expect((await rt.request('/api/me', { headers: { cookie: pending } })).status).toBe(401);
    const wrong = await rt.request(
      '/api/auth/two-factor/verify-totp',
      postJson({ code: totpCode(secret, Date.now(), 10) }, { cookie: pending }),
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { code: 'INVALID_TWO_FACTOR_CODE' } });
    const right = await rt.request(
      '/api/auth/two-factor/verify-totp',
      postJson({ code: totpCode(secret) }, { cookie: pending }),
    );
    expect(right.status).toBe(200);
    expect((await rt.request('/api/me', { headers: { cookie: cookieOf(right) } })).status).toBe(200);

    const events = await rt.database.db.select().from(securityEvents).where(eq(securityEvents.userId, user.userId));
    expect(events.map((e) => e.eventType)).toContain('two_factor_enabled');
  });

  it('takes a backup code once in place of the app', async () => {
    const user = await verifyTestUser(rt, await signUpTestUser(rt));
    const { backupCodes } = await enable(user);
    const use = async () =>
      rt.request(
        '/api/auth/two-factor/verify-backup-code',
        postJson({ code: backupCodes[0] }, { cookie: await challenge(user) }),
      );
    expect((await use()).status).toBe(200);
    const again = await use();
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: { code: 'INVALID_TWO_FACTOR_CODE' } });
  });

  it('ADMIN_REQUIRE_2FA: the console asks an admin for a second factor and opens with one', async () => {
    const admin = await signUpTestAdmin(rt);
    const without = await rt.request('/api/admin/me', as(admin));
    expect(without.status).toBe(403);
    expect(await without.json()).toMatchObject({ error: { code: 'TWO_FACTOR_REQUIRED' } });
    // Someone who is not an admin still learns nothing of the console.
    const user = await verifyTestUser(rt, await signUpTestUser(rt));
    expect((await rt.request('/api/admin/me', as(user))).status).toBe(404);

    const { secret } = await enable(admin);
    const signedIn = await rt.request(
      '/api/auth/two-factor/verify-totp',
      postJson({ code: totpCode(secret) }, { cookie: await challenge(admin) }),
    );
    expect((await rt.request('/api/admin/me', { headers: { cookie: cookieOf(signedIn) } })).status).toBe(200);
  });

  it('turns off with the password only, and then a password alone signs in again', async () => {
    const user = await verifyTestUser(rt, await signUpTestUser(rt));
    const { user: enabled } = await enable(user);
    expect(
      (await rt.request('/api/auth/two-factor/disable', as(enabled, postJson({ password: 'wrong password' })))).status,
    ).toBe(401);
    const off = await rt.request('/api/auth/two-factor/disable', as(enabled, postJson({ password: user.password })));
    expect(off.status).toBe(200);
    const plain = await signIn(rt, { email: user.email }, user.password);
    expect(((await plain.json()) as { user?: unknown }).user).toBeDefined();
  });
});
