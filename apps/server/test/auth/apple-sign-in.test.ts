import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeApple, startFakeApple } from '../../../../e2e/fakes/fake-apple.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { postJson } from '../support/users.ts';

/** A cookie jar good enough for one host: name → value. */
class Jar {
  private readonly cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const value = pair!.slice(eq + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(pair!.slice(0, eq));
      else this.cookies.set(pair!.slice(0, eq), value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The fields of the first HTML form on a page, and where it posts. */
function formOf(html: string, base: string): { action: string; fields: URLSearchParams } {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in: ${html.slice(0, 300)}`);
  const fields = new URLSearchParams();
  for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(tag)?.[1];
    const value = /value="([^"]*)"/.exec(tag)?.[1] ?? '';
    if (name)
      fields.set(
        name,
        value
          .replace(/&amp;/g, '&')
          .replace(/&#x2F;/g, '/')
          .replace(/&#x3D;/g, '='),
      );
  }
  return { action: new URL(action.replace(/&amp;/g, '&'), base).toString(), fields };
}

describeOnEachDatabase('Sign in with Apple (OpenID Connect, form_post, ES256)', (kind) => {
  let rt: TestRuntime;
  let apple: FakeApple;

  beforeAll(async () => {
    apple = await startFakeApple({ redirectUri: 'http://localhost:3000/api/auth/callback/apple' });
    rt = await createTestRuntime(kind, {
      APPLE_CLIENT_ID: apple.clientId,
      APPLE_CLIENT_SECRET: apple.clientSecret,
      APPLE_ISSUER: apple.issuer,
    });
  });
  afterAll(async () => {
    await rt?.close();
    await apple?.close();
  });

  /** Follows the provider's redirects with its cookies until it answers with a page. */
  async function browseProvider(jar: Jar, url: string, init: RequestInit = {}): Promise<{ url: string; html: string }> {
    let next = url;
    let request = init;
    for (let hop = 0; hop < 10; hop++) {
      const res = await fetch(next, {
        ...request,
        redirect: 'manual',
        headers: { ...request.headers, cookie: jar.header() },
      });
      jar.store(res);
      const location = res.headers.get('location');
      if (!location) return { url: next, html: await res.text() };
      next = new URL(location, next).toString();
      request = {};
    }
    throw new Error('too many redirects');
  }

  /** Starts Apple sign-in from the SPA; returns the app's cookies and the form Apple posts back. */
  async function signInAtApple(login: string | null) {
    const app = new Jar();
    const start = await rt.request(
      '/api/auth/sign-in/social',
      postJson({ provider: 'apple', callbackURL: '/auth/callback', errorCallbackURL: '/auth/callback' }),
    );
    expect(start.status).toBe(200);
    app.store(start);
    const { url } = (await start.json()) as { url: string };
    const authorize = new URL(url);
    expect(authorize.origin).toBe(apple.issuer);
    expect(authorize.searchParams.get('response_mode')).toBe('form_post');

    const provider = new Jar();
    const loginPage = await browseProvider(provider, url);
    const form = formOf(loginPage.html, loginPage.url);
    let callback: { url: string; html: string };
    if (login) {
      form.fields.set('login', login);
      form.fields.set('password', 'anything');
      callback = await browseProvider(provider, form.action, { method: 'POST', body: form.fields });
    } else {
      callback = await browseProvider(provider, `${loginPage.url}/abort`);
    }
    return { app, returned: formOf(callback.html, callback.url) };
  }

  /** Apple's form_post arrives cross-site: the browser sends no SameSite=Lax cookies with it. */
  async function postBack(app: Jar, returned: { action: string; fields: URLSearchParams }) {
    const target = new URL(returned.action);
    expect(target.pathname).toBe('/api/auth/callback/apple');
    const posted = await rt.request(target.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: apple.issuer },
      body: returned.fields,
    });
    expect(posted.status).toBe(302);
    const again = new URL(posted.headers.get('location')!, rt.config.publicUrl);
    const res = await rt.request(`${again.pathname}${again.search}`, { headers: { cookie: app.header() } });
    app.store(res);
    return res;
  }

  it('tells the SPA to show the Apple button', async () => {
    expect(await (await rt.request('/api/auth/providers')).json()).toEqual({ apple: true });
  });

  it('signs a new user up with a profile and lands on /auth/callback signed in', async () => {
    const { app, returned } = await signInAtApple('001234.apple-user');
    expect(returned.fields.get('code')).toBeTruthy();
    const res = await postBack(app, returned);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/callback');

    const me = await rt.request('/api/me', { headers: { cookie: app.header() } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      profile: { email: '001234.apple-user@privaterelay.appleid.com', credits: 30 },
    });
  });

  it('has no password to change until it sets one through a reset link', async () => {
    const { app, returned } = await signInAtApple('000555.no-password');
    await postBack(app, returned);
    const email = '000555.no-password@privaterelay.appleid.com';
    const asApple = (path: string, init: RequestInit = {}) =>
      rt.request(path, { ...init, headers: { ...init.headers, cookie: app.header() } });
    const settings = async () => (await (await asApple('/api/security/settings')).json()) as { hasPassword: boolean };
    const change = (currentPassword: string) =>
      asApple('/api/auth/change-password', postJson({ currentPassword, newPassword: 'a password of mine' }));

    expect((await settings()).hasPassword).toBe(false);
    // Not "the current password is wrong": there is none to be wrong.
    const refused = await change('anything at all');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: 'PASSWORD_NOT_SET' } });

    await rt.request('/api/auth/request-password-reset', postJson({ email, redirectTo: '/reset-password' }));
    const mailbox = (await (await rt.request('/dev/mailbox.json')).json()) as {
      messages: { to: string; links: string[] }[];
    };
    const link = new URL(mailbox.messages.find((m) => m.to === email)!.links[0]!);
    const token = link.searchParams.get('token')!;
    const reset = await rt.request('/api/auth/reset-password', postJson({ token, newPassword: 'a password of mine' }));
    expect(reset.status).toBe(200);

    const signedIn = await rt.request('/api/auth/sign-in/email', postJson({ email, password: 'a password of mine' }));
    expect(signedIn.status).toBe(200);
    const fresh = new Jar();
    fresh.store(signedIn);
    const settingsNow = await rt.request('/api/security/settings', { headers: { cookie: fresh.header() } });
    expect(((await settingsNow.json()) as { hasPassword: boolean }).hasPassword).toBe(true);
  });

  it('signs the same Apple account in again without a second profile', async () => {
    const first = await signInAtApple('000777.returning');
    await postBack(first.app, first.returned);
    const second = await signInAtApple('000777.returning');
    const res = await postBack(second.app, second.returned);
    expect(res.headers.get('location')).toBe('/auth/callback');
    const rows = await rt.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM profiles WHERE email = '000777.returning@privaterelay.appleid.com'",
    );
    expect(rows.rows[0]?.n).toBe(1);
  });

  it('sends a refusal at Apple back to /auth/callback with the error', async () => {
    const { app, returned } = await signInAtApple(null);
    expect(returned.fields.get('error')).toBe('access_denied');
    const res = await postBack(app, returned);
    const location = new URL(res.headers.get('location')!, rt.config.publicUrl);
    expect(location.pathname).toBe('/auth/callback');
    expect(location.searchParams.get('error')).toBe('access_denied');
  });

  it('gives a disabled account no session, and sends it back to /auth/callback with the error', async () => {
    const first = await signInAtApple('000999.disabled');
    await postBack(first.app, first.returned);
    await rt.database.query(
      "UPDATE profiles SET disabled_at = now() WHERE email = '000999.disabled@privaterelay.appleid.com'",
    );
    const again = await signInAtApple('000999.disabled');
    const res = await postBack(again.app, again.returned);
    const location = new URL(res.headers.get('location') ?? '/', rt.config.publicUrl);
    expect(location.pathname).toBe('/auth/callback');
    expect(location.searchParams.get('error')).toBe('ACCOUNT_DISABLED');
    expect((await rt.request('/api/me', { headers: { cookie: again.app.header() } })).status).toBe(401);
  });
});
