import { setAdminRole } from '../../src/modules/admin/roles.ts';
import { grantPlan } from '../../src/modules/entitlements/plan-grants.ts';
import type { TestRuntime } from './test-runtime.ts';

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  /** The Cookie header value that carries the session. */
  cookie: string;
}

let counter = 0;

/** Signs a new user up through the real auth endpoint and returns the session cookie. */
export async function signUpTestUser(
  rt: TestRuntime,
  fields: { email?: string; password?: string; name?: string; headers?: Record<string, string> } = {},
): Promise<TestUser> {
  const email = fields.email ?? `user${Date.now()}${++counter}@example.com`;
  const password = fields.password ?? 'correct horse battery';
  const res = await rt.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: rt.config.publicUrl, ...fields.headers },
    body: JSON.stringify({ email, password, name: fields.name ?? email.split('@')[0] }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  return { userId: body.user.id, email, password, cookie: cookieOf(res) };
}

/** Request init for an authenticated call as this user (same-origin, like the SPA). */
export function as(user: TestUser, init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('cookie', user.cookie);
  if (!headers.has('origin')) headers.set('origin', 'http://localhost:3000');
  return { ...init, headers };
}

/** A JSON POST from the SPA's origin (or `origin`), as the login page sends it. */
export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', ...headers },
    body: JSON.stringify(body),
  };
}

/** An API answer: its status and JSON body, with the code a refusal carries. */
export type ApiAnswer<T> = { status: number; body: T & { error?: { code: string } } };

/** Calls `path` as `user` (a visitor for null): a GET, or a JSON POST of `body`. */
export async function callApi<T>(
  rt: TestRuntime,
  user: TestUser | null,
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const init = body === undefined ? {} : postJson(body);
  const res = await rt.request(path, user ? as(user, init) : init);
  return { status: res.status, body: (await res.json()) as ApiAnswer<T>['body'] };
}

/** The Cookie header value of a response's Set-Cookie lines. */
export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Signs in with e-mail or username and returns the response. */
export function signIn(rt: TestRuntime, by: { email: string } | { username: string }, password: string, headers = {}) {
  const path = 'email' in by ? '/api/auth/sign-in/email' : '/api/auth/sign-in/username';
  return rt.request(path, postJson({ ...by, password }, headers));
}

/** The links of the mail last sent to `email` (the dev mailbox), newest mail first. */
export async function mailedLinks(rt: TestRuntime, email: string): Promise<URL[]> {
  const mailbox = (await (await rt.request('/dev/mailbox.json')).json()) as {
    messages: { to: string; links: string[] }[];
  };
  // The mailbox lists the newest first.
  const mail = mailbox.messages.find((m) => m.to === email.toLowerCase());
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail.links.map((link) => new URL(link));
}

/**
 * Opens the user's activation link where they are signed in, as the person who signed up does:
 * the address is proven and the account claimed. That ends the sessions made before, so the
 * user goes on with the session the link makes.
 */
export async function verifyTestUser(rt: TestRuntime, user: TestUser): Promise<TestUser> {
  const link = (await mailedLinks(rt, user.email)).find((url) => url.pathname.endsWith('/verify-email'));
  if (!link) throw new Error(`no activation link for ${user.email}`);
  const res = await rt.request(`${link.pathname}${link.search}`, { headers: { cookie: user.cookie } });
  const cookie = cookieOf(res);
  if (res.status !== 302 || !cookie)
    throw new Error(`verification failed: ${res.status} ${res.headers.get('location')}`);
  return { ...user, cookie };
}

/** A new user who has proven the address, as one who opened the activation mail where they signed up. */
export async function signUpVerifiedUser(
  rt: TestRuntime,
  fields: Parameters<typeof signUpTestUser>[1] = {},
): Promise<TestUser> {
  return verifyTestUser(rt, await signUpTestUser(rt, fields));
}

/**
 * A new admin as an operator makes one (`npm run admin -- grant`): signed up, the address proven
 * (only a session made after the claim opens the console), then granted the role.
 */
export async function signUpTestAdmin(rt: TestRuntime, fields: { email?: string } = {}): Promise<TestUser> {
  const admin = await signUpVerifiedUser(rt, fields);
  await setAdminRole(rt.database.db, admin.email, 'admin', { via: 'cli' }, 'test setup');
  return admin;
}

/**
 * Gives the user a plan as an admin grant would (no end): the features of Pro and up (batches,
 * API keys, webhooks, advanced options) for tests about those features rather than about plans.
 */
export async function withPlan(rt: TestRuntime, user: TestUser, plan: 'pro' | 'studio' | 'lifetime' = 'pro') {
  await grantPlan(rt.database.db, { userId: user.userId, plan, source: 'admin', reason: 'test setup' });
  return user;
}
