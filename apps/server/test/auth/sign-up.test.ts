import { EMAIL_MAX_LENGTH, FREE_PLAN_CREDITS, PASSWORD_MAX_LENGTH } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUsers, creditLedger, profiles } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, cookieOf, postJson, signIn, signUpTestUser } from '../support/users.ts';

interface Mailbox {
  messages: { to: string; subject: string; text: string; links: string[] }[];
}

describeOnEachDatabase('sign-up and sign-in', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind);
  });
  afterAll(() => rt?.close());

  const signUp = (body: Record<string, unknown>) =>
    rt.request('/api/auth/sign-up/email', postJson({ name: 'x', ...body }));

  it('refuses a malformed e-mail and a 7-character password', async () => {
    const badEmail = await signUp({ email: 'not-an-email', password: 'long enough password' });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', issues: [{ field: 'email', problem: 'invalid_format' }] },
    });

    const shortPassword = await signUp({ email: 'short@example.com', password: '1234567' });
    expect(shortPassword.status).toBe(400);
    expect(await shortPassword.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', issues: [{ field: 'password', problem: 'too_short', limit: 8 }] },
    });
    expect(await rt.database.db.select().from(authUsers).where(eq(authUsers.email, 'short@example.com'))).toEqual([]);
  });

  it('names every refused field of a sign-up at once', async () => {
    const res = await rt.request('/api/auth/sign-up/email', postJson({ email: 'ada@', password: 'short' }));
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; issues: object[]; fields: object } };
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.issues).toEqual([
      { field: 'email', problem: 'invalid_format' },
      { field: 'password', problem: 'too_short', limit: 8 },
      { field: 'name', problem: 'required' },
    ]);
    expect(Object.keys(error.fields)).toEqual(['email', 'password', 'name']);
  });

  it('refuses over-long fields by name, before Better Auth sees them', async () => {
    const res = await signUp({ email: `${'a'.repeat(250)}@example.com`, password: 'p'.repeat(129) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: {
        code: 'VALIDATION_ERROR',
        issues: [
          { field: 'email', problem: 'too_long', limit: EMAIL_MAX_LENGTH },
          { field: 'password', problem: 'too_long', limit: PASSWORD_MAX_LENGTH },
        ],
      },
    });
  });

  it('answers unknown /api/auth paths with the JSON 404 of any unknown API path', async () => {
    for (const path of ['/api/auth/no-such-thing', '/api/auth/update-user', '/api/auth/delete-user']) {
      const res = await rt.request(path, postJson({ name: 'x' }));
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({
        error: { code: 'NOT_FOUND', message: `No route for POST ${path}`, requestId: res.headers.get('x-request-id') },
      });
    }
  });

  it('creates a signed-in user with a profile, 30 credits in the ledger and a referral code', async () => {
    const res = await signUp({ email: 'Ada@Example.com', password: 'correct horse', language: 'ja' });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/atelier\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // PUBLIC_URL is http here

    const me = await rt.request('/api/me', { headers: { cookie: cookieOf(res) } });
    const { profile } = (await me.json()) as { profile: Record<string, unknown> };
    expect(profile).toMatchObject({
      email: 'ada@example.com',
      credits: FREE_PLAN_CREDITS,
      subscriptionType: 'free',
      username: null,
      language: 'ja',
    });
    expect(profile.referralCode).toMatch(/^[A-Z0-9]{8}$/);
    const ledger = await rt.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, profile.userId as string));
    expect(ledger).toMatchObject([
      { amount: FREE_PLAN_CREDITS, reason: 'signup', idempotencyKey: `signup:${profile.userId}` },
    ]);
  });

  it('mails an activation link in the user language that verifies and lands on /auth/callback', async () => {
    const signedUp = await signUp({ email: 'kenji@example.com', password: 'correct horse', language: 'ja' });
    const mailbox = (await (await rt.request('/dev/mailbox.json')).json()) as Mailbox;
    const mail = mailbox.messages.find((m) => m.to === 'kenji@example.com');
    expect(mail?.subject).toBe('Atelier アカウントの確認');
    const link = new URL(mail!.links[0]!);
    expect(link.pathname).toBe('/api/auth/verify-email');
    // Opened where Kenji is signed in (the link opened anywhere else: test/security/account-claims.test.ts).
    const verify = await rt.request(`${link.pathname}${link.search}`, { headers: { cookie: cookieOf(signedUp) } });
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/auth/callback');
    const [user] = await rt.database.db.select().from(authUsers).where(eq(authUsers.email, 'kenji@example.com'));
    expect(user?.emailVerified).toBe(true);
  });

  it('takes the activation link under /api/v1 as well, and refuses a token it did not mail as 400', async () => {
    const signedUp = await signUp({ email: 'mei@example.com', password: 'correct horse', language: 'en' });
    const mailbox = (await (await rt.request('/dev/mailbox.json')).json()) as Mailbox;
    const link = new URL(mailbox.messages.find((m) => m.to === 'mei@example.com')!.links[0]!);
    const verify = await rt.request(`/api/v1/auth/verify-email${link.search}`, {
      headers: { cookie: cookieOf(signedUp) },
    });
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/auth/callback');
    const [user] = await rt.database.db.select().from(authUsers).where(eq(authUsers.email, 'mei@example.com'));
    expect(user?.emailVerified).toBe(true);
    const unknown = await rt.request('/api/v1/auth/verify-email?token=not-a-mailed-token');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it('refuses a second account with the same e-mail in any case', async () => {
    await signUpTestUser(rt, { email: 'twice@example.com' });
    const again = await signUp({ email: 'TWICE@example.com', password: 'another password' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'USER_ALREADY_EXISTS' } });
  });

  it('signs in by e-mail; a wrong password is INVALID_CREDENTIALS', async () => {
    const user = await signUpTestUser(rt);
    const ok = await signIn(rt, { email: user.email.toUpperCase() }, user.password);
    expect(ok.status).toBe(200);
    expect(cookieOf(ok)).toMatch(/atelier\.session_token=/);
    const wrong = await signIn(rt, { email: user.email }, 'wrong password');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { code: 'INVALID_CREDENTIALS' } });
  });

  it('signs out: the session no longer authenticates', async () => {
    const user = await signUpTestUser(rt);
    // As a browser sends a bodiless fetch POST: Content-Length 0 and no Content-Type.
    const out = await rt.request(
      '/api/auth/sign-out',
      as(user, { method: 'POST', headers: { 'content-length': '0' } }),
    );
    expect(out.status).toBe(200);
    expect((await rt.request('/api/me', as(user))).status).toBe(401);
  });

  it('answers 401 UNAUTHENTICATED on /api/me without a session', async () => {
    const res = await rt.request('/api/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('creates the user and the profile atomically: a failing profile insert leaves no user', async () => {
    await rt.database.query(`CREATE FUNCTION atelier_test_refuse() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'profile refused'; END $$ LANGUAGE plpgsql`);
    await rt.database.query(
      'CREATE TRIGGER atelier_test_refuse BEFORE INSERT ON profiles FOR EACH ROW EXECUTE FUNCTION atelier_test_refuse()',
    );
    try {
      const res = await signUp({ email: 'atomic@example.com', password: 'correct horse' });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await rt.database.db.select().from(authUsers).where(eq(authUsers.email, 'atomic@example.com'))).toEqual(
        [],
      );
      expect(await rt.database.db.select().from(profiles).where(eq(profiles.email, 'atomic@example.com'))).toEqual([]);
    } finally {
      await rt.database.query('DROP TRIGGER atelier_test_refuse ON profiles');
      await rt.database.query('DROP FUNCTION atelier_test_refuse()');
    }
  });

  it('refuses state-changing requests from another origin', async () => {
    const user = await signUpTestUser(rt);
    const evil = { origin: 'https://evil.example' };
    const signInFromEvil = await signIn(rt, { email: user.email }, user.password, evil);
    expect(signInFromEvil.status).toBe(403);
    const patch = await rt.request(
      '/api/me',
      as(user, {
        method: 'PATCH',
        headers: { ...evil, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'evil_name' }),
      }),
    );
    expect(patch.status).toBe(403);
    expect(await patch.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const crossSite = await rt.request(
      '/api/auth/sign-out',
      as(user, { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } }),
    );
    expect(crossSite.status).toBe(403);
    expect((await rt.request('/api/me', as(user))).status).toBe(200);
  });

  it('lists no Apple sign-in when Apple is not configured', async () => {
    expect(await (await rt.request('/api/auth/providers')).json()).toEqual({ apple: false });
  });
});

describe('cookies behind https', () => {
  it('are Secure when PUBLIC_URL is https', async () => {
    const rt = await createTestRuntime('pglite', { PUBLIC_URL: 'https://atelier.example' });
    try {
      const res = await rt.request(
        '/api/auth/sign-up/email',
        postJson(
          { name: 'x', email: 'secure@example.com', password: 'correct horse' },
          { origin: 'https://atelier.example' },
        ),
      );
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().join('\n')).toMatch(/__Secure-atelier\.session_token=.*Secure/i);
    } finally {
      await rt.close();
    }
  });
});
