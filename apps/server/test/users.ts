import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../src/platform/db/schema/index.ts';
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

/**
 * Verifies the user's e-mail address as the user does: follows the activation link of the
 * mail sent at sign-up (kept by the outbox mail driver) through the real auth endpoint.
 */
export async function verifyEmail(rt: TestRuntime, user: { email: string }): Promise<void> {
  const mails = await rt.database.db
    .select({ links: mailOutbox.links })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, user.email.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt));
  const link = mails.flatMap((m) => m.links).find((l) => l.includes('/api/auth/verify-email'));
  if (!link) throw new Error(`no activation mail for ${user.email}`);
  const url = new URL(link);
  const res = await rt.request(`${url.pathname}${url.search}`);
  if (res.status !== 302) throw new Error(`verification failed: ${res.status} ${await res.text()}`);
}
