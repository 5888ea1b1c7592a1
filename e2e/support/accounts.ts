import type { Page } from '@playwright/test';

export interface E2eUser {
  email: string;
  password: string;
}

/**
 * Named in the e2e server's ADMIN_EMAILS: admins once their address is verified (admin.spec.ts).
 * The list is fixed when the server starts, and an address can be signed up only once, so each
 * attempt of a test (a retry, a --repeat-each copy) takes the next address of its own.
 */
export const E2E_ADMIN_EMAILS = Array.from({ length: 24 }, (_, i) => `e2e-admin-${i}@example.com`);

/** The admin address of this attempt: another one on each retry and repetition of the test. */
export function e2eAdminEmail(attempt: { repeatEachIndex: number; retry: number }, retries: number): string {
  const email = E2E_ADMIN_EMAILS[attempt.repeatEachIndex * (retries + 1) + attempt.retry];
  if (!email) throw new Error('more attempts than e2e admin addresses: lengthen E2E_ADMIN_EMAILS');
  return email;
}

let counter = 0;

/** A fresh e-mail address for this run. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now()}-${++counter}@example.com`;

/**
 * Signs a new user up through the API in the page's browser context, so the page is signed
 * in (the session cookie is the context's). Origin is set as the SPA's own requests have it.
 */
export async function signUpViaApi(page: Page, user: Partial<E2eUser> = {}): Promise<E2eUser> {
  const email = user.email ?? uniqueEmail();
  const password = user.password ?? 'correct horse battery';
  const origin = new URL(page.url() === 'about:blank' ? 'http://localhost' : page.url()).origin;
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password, name: email.split('@')[0] },
    headers: origin === 'http://localhost' ? {} : { origin },
  });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return { email, password };
}

/**
 * Subscribes the signed-in user to Pro monthly through the sandbox checkout, by its API and the
 * sandbox page's Pay (as pricing.spec.ts does by clicking): batches, API keys and webhooks are
 * Pro features (ADR 0032). Pro's 400 credits come on top of the 30 a new account has.
 */
export async function subscribeToProViaApi(page: Page, planId: 'pro' | 'studio' = 'pro'): Promise<void> {
  const origin = new URL(page.url() === 'about:blank' ? 'http://localhost' : page.url()).origin;
  const checkout = await page.request.post('/api/billing/checkout', {
    data: { planId, billingCycle: 'monthly', language: 'en' },
    headers: origin === 'http://localhost' ? {} : { origin },
  });
  if (!checkout.ok()) throw new Error(`checkout failed: ${checkout.status()} ${await checkout.text()}`);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await page.request.post(`${new URL(url).pathname}/pay`, { maxRedirects: 0 });
  if (paid.status() !== 303) throw new Error(`sandbox payment failed: ${paid.status()}`);
}
