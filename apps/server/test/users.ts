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
  fields: { email?: string; password?: string; name?: string } = {},
): Promise<TestUser> {
  const email = fields.email ?? `user${Date.now()}${++counter}@example.com`;
  const password = fields.password ?? 'correct horse battery';
  const res = await rt.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: rt.config.publicUrl },
    body: JSON.stringify({ email, password, name: fields.name ?? email.split('@')[0] }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { userId: body.user.id, email, password, cookie };
}

/** Request init for an authenticated call as this user (same-origin, like the SPA). */
export function as(user: TestUser, init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('cookie', user.cookie);
  if (!headers.has('origin')) headers.set('origin', 'http://localhost:3000');
  return { ...init, headers };
}
