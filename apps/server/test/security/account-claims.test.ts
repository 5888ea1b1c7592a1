import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiKeys, authSessions } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import {
  as,
  cookieOf,
  mailedLinks,
  postJson,
  signIn,
  signUpTestUser,
  type TestUser,
  verifyTestUser,
  withPlan,
} from '../support/users.ts';

// The squatting story of the security review: with ADMIN_EMAILS=boss@…, a stranger
// signs up as boss@… first and keeps the session; the real owner later opens the unsolicited
// activation mail. Before, the stranger's session then read /api/admin/* and their password
// signed in as admin. An account now belongs to whoever proves the address.

const BOSS = 'boss@atelier.example';

describeOnEachDatabase('account claims', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind, { ADMIN_EMAILS: BOSS });
  });
  afterAll(() => rt?.close());

  const verificationLink = async (email: string) => {
    const link = (await mailedLinks(rt, email)).find((url) => url.pathname.endsWith('/verify-email'))!;
    return `${link.pathname}${link.search}`;
  };
  const status = async (path: string, user: TestUser) => (await rt.request(path, as(user))).status;

  it('the squatter of an admin address loses the session, the password and everything set up, and is never admin', async () => {
    const squatter = await withPlan(rt, await signUpTestUser(rt, { email: BOSS, password: 'squatters own password' }));
    // Set up while squatting: an API key (that must not outlive the claim).
    const key = await rt.request('/api/me/api-keys', as(squatter, postJson({ name: 'backdoor' })));
    const keySecret = key.status === 201 ? ((await key.json()) as { secret: string }).secret : null;

    // The owner opens the mail in their own browser: no session of this account there.
    const opened = await rt.request(await verificationLink(BOSS));
    expect(opened.status).toBe(302);
    const location = new URL(opened.headers.get('location')!, 'http://localhost');
    expect(location.pathname).toBe('/reset-password');
    expect(location.searchParams.get('claim')).toBe('1');
    expect(opened.headers.getSetCookie()).toEqual([]);

    // The squatter's session is gone and was never admin; their password no longer signs in.
    expect(await status('/api/me', squatter)).toBe(401);
    expect(await status('/api/admin/me', squatter)).toBe(404);
    const again = await signIn(rt, { email: BOSS }, squatter.password);
    expect(again.status).toBe(401);
    if (keySecret) {
      const byKey = await rt.request('/api/me', { headers: { authorization: `Bearer ${keySecret}` } });
      expect(byKey.status).toBe(401);
    }
    const [owner] = await rt.database.db.select().from(apiKeys).where(eq(apiKeys.name, 'backdoor'));
    expect(owner).toBeUndefined();

    // The owner chooses a password with the link's token and signs in: now the admin.
    const reset = await rt.request(
      '/api/auth/reset-password',
      postJson({ token: location.searchParams.get('token'), newPassword: 'the owners password' }),
    );
    expect(reset.status).toBe(200);
    const signedIn = await signIn(rt, { email: BOSS }, 'the owners password');
    expect(signedIn.status).toBe(200);
    const ownerSession = { ...squatter, password: 'the owners password', cookie: cookieOf(signedIn) };
    expect(await status('/api/admin/me', ownerSession)).toBe(200);
    // The squatter's old password still fails; the reset link worked once.
    expect((await signIn(rt, { email: BOSS }, squatter.password)).status).toBe(401);
    const twice = await rt.request(
      '/api/auth/reset-password',
      postJson({ token: location.searchParams.get('token'), newPassword: 'squatter tries it again' }),
    );
    expect(twice.status).toBe(400);
  });

  it('verified where the account is signed in: the old session ends, the new one carries on with the password', async () => {
    const user = await signUpTestUser(rt);
    const other = await signIn(rt, { email: user.email }, user.password);
    const otherSession = { ...user, cookie: cookieOf(other) };
    const verified = await verifyTestUser(rt, user);
    expect(verified.cookie).not.toBe(user.cookie);
    expect(await status('/api/me', verified)).toBe(200);
    // Every session made before the address was proven has ended, this browser's old one too.
    expect(await status('/api/me', user)).toBe(401);
    expect(await status('/api/me', otherSession)).toBe(401);
    const sessions = await rt.database.db.select().from(authSessions).where(eq(authSessions.userId, user.userId));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.signInMethod).toBe('password');
    // The password set at sign-up stays: it was the verifier's own.
    expect((await signIn(rt, { email: user.email }, user.password)).status).toBe(200);
  });

  it('a verification link opened twice, or after the claim, changes nothing', async () => {
    const user = await verifyTestUser(rt, await signUpTestUser(rt));
    const link = await verificationLink(user.email);
    const reopened = await rt.request(link);
    expect(reopened.status).toBe(302);
    expect(reopened.headers.get('location')).toBe('/auth/callback');
    expect(await status('/api/me', user)).toBe(200);
    expect((await signIn(rt, { email: user.email }, user.password)).status).toBe(200);
  });

  it('an older reset link still works once a newer one is sent; using one, or changing the password, ends them all', async () => {
    const user = await verifyTestUser(rt, await signUpTestUser(rt));
    const requestReset = () => rt.request('/api/auth/request-password-reset', postJson({ email: user.email }));
    const resetToken = async () =>
      (await mailedLinks(rt, user.email)).find((url) => url.pathname === '/reset-password')!.searchParams.get('token');
    const reset = (token: string | null, newPassword: string) =>
      rt.request('/api/auth/reset-password', postJson({ token, newPassword }));

    await requestReset();
    const older = await resetToken();
    await requestReset();
    const newer = await resetToken();
    expect(newer).not.toBe(older);
    // Anyone may ask for a link to someone's address: that must not void the one they are opening.
    expect((await reset(older, 'from the older link')).status).toBe(200);
    expect((await reset(newer, 'from the newer link')).status).toBe(400);
    expect((await reset(older, 'the older link again')).status).toBe(400);

    // A link sent before a password change dies with the old password.
    const signedIn = await signIn(rt, { email: user.email }, 'from the older link');
    await requestReset();
    const beforeChange = await resetToken();
    const changed = await rt.request(
      '/api/auth/change-password',
      as(
        { ...user, cookie: cookieOf(signedIn) },
        postJson({ currentPassword: 'from the older link', newPassword: 'changed while signed in' }),
      ),
    );
    expect(changed.status).toBe(200);
    expect((await reset(beforeChange, 'after the change')).status).toBe(400);
    expect((await signIn(rt, { email: user.email }, 'changed while signed in')).status).toBe(200);
  });

  it('a password reset proves the address: the account is claimed and verified, every other session ends', async () => {
    const squatter = await signUpTestUser(rt);
    await rt.request('/api/auth/request-password-reset', postJson({ email: squatter.email }));
    const token = (await mailedLinks(rt, squatter.email))
      .find((url) => url.pathname === '/reset-password')!
      .searchParams.get('token');
    expect(
      (await rt.request('/api/auth/reset-password', postJson({ token, newPassword: 'owner set this' }))).status,
    ).toBe(200);
    expect(await status('/api/me', squatter)).toBe(401);
    const owner = await signIn(rt, { email: squatter.email }, 'owner set this');
    const session = await rt.request('/api/auth/get-session', as({ ...squatter, cookie: cookieOf(owner) }));
    expect(((await session.json()) as { user: { emailVerified: boolean } }).user.emailVerified).toBe(true);
  });
});
