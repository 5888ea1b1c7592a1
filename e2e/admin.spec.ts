import { expect, test } from '@playwright/test';
import { e2eAdminEmail, signUpViaApi, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { expectHydratedByReact } from './support/hydrated.ts';

// The admin console as an operator meets it: an account named in ADMIN_EMAILS
// verifies its address, signs in, grants credits with a reason, and finds it in the audit log.

test('a non-admin and a visitor see the ordinary 404 page at /admin', async ({ page }) => {
  // The server says so too: status 404, and none of the console's code is sent or preloaded.
  const consoleCode: string[] = [];
  page.on('request', (request) => {
    if (/admin-(layout|users|user|runs|audit)/.test(request.url())) consoleCode.push(request.url());
  });
  expect((await page.goto('/admin'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await signUpViaApi(page);
  expect((await page.goto('/admin/audit'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Admin console')).toHaveCount(0);
  expect(consoleCode).toEqual([]);
});

test('an admin grants 50 credits and a 30-day Pro plan with reasons; the user has them and the audit log lists both', async ({
  page,
  browser,
}, testInfo) => {
  // A retry signs up an admin of its own: the last attempt's account may already exist.
  const adminEmail = e2eAdminEmail(testInfo, testInfo.project.retries);
  // The customer, in a browser of their own.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await customerPage.goto('/');
  const customer = await signUpViaApi(customerPage, { email: uniqueEmail('customer') });

  // The operator: sign up, follow the activation link in the same browser — an admin at once,
  // without signing in again (the session the link makes is vouched for by the password's holder).
  await page.goto('/');
  await signUpViaApi(page, { email: adminEmail });
  await page.goto('/dev/mailbox');
  await page
    .locator('article', { hasText: adminEmail })
    .getByRole('link', { name: /verify-email\?token=/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);

  // To an admin, a demo tool's notice also names the server variables that give it a provider.
  await page.goto('/tools/image-generation');
  await expect(page.getByTestId('engine-notice')).toContainText('setting RECRAFT_API_KEY');

  // The account menu leads an admin to the console (a non-admin's has no such item). A press
  // before the page's code runs reaches no handler (the server's HTML shows the avatar first):
  // pressed once the app has taken the page over, as a person does.
  await expectHydratedByReact(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin console' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin console' })).toBeVisible();
  await page.getByRole('searchbox').fill(customer.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: customer.email }).click();
  await expect(page.getByTestId('admin-user-email')).toHaveText(customer.email);
  await expect(page.getByTestId('admin-user-credits')).toHaveText('30');
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Grant or deduct credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change credits' });
  await dialog.getByLabel('Credits').fill('50');
  await dialog.getByLabel('Reason').fill('Goodwill for a slow weekend');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Done: the balance is now 80.')).toBeVisible();
  await expect(page.getByTestId('admin-user-credits')).toHaveText('80');

  await customerPage.goto('/profile');
  await expect(customerPage.getByTestId('profile-credits')).toHaveText('80');

  // A plan for 30 days: its features at once, as if bought, the credits untouched.
  await expect(page.getByTestId('admin-user-plan')).toHaveText('Free');
  await page.getByRole('button', { name: 'Grant a plan' }).click();
  const grant = page.getByRole('dialog', { name: 'Grant a plan' });
  await grant.getByLabel('Plan').selectOption('pro');
  await grant.getByLabel('Days (optional)').fill('30');
  await grant.getByLabel('Reason').fill('Beta tester thanks');
  await expectNoSeriousAxeViolations(page);
  await grant.getByRole('button', { name: 'Grant', exact: true }).click();
  await expect(grant).toBeHidden();
  await expect(page.getByText(/^Done: the account is on Pro until /)).toBeVisible();
  await expect(page.getByTestId('admin-user-plan')).toHaveText('Pro');
  const me = (await (await customerPage.request.get('/api/me')).json()) as {
    plan: string;
    profile: { credits: number };
  };
  expect(me.plan).toBe('pro');
  expect(me.profile.credits).toBe(80);
  await customerContext.close();

  await page.getByRole('link', { name: 'Audit log' }).click();
  // This attempt's entries: an earlier attempt's are in the log too.
  const entries = page.getByTestId('audit-entry').filter({ hasText: customer.email });
  await expect(entries.filter({ hasText: 'Plan granted' })).toContainText('Beta tester thanks');
  const entry = entries.filter({ hasText: 'Credits changed' });
  await expect(entry).toContainText(adminEmail);
  await expect(entry).toContainText('Goodwill for a slow weekend');
  await expect(entry).toContainText(/credits: 30 → .*credits: 80/);
});
