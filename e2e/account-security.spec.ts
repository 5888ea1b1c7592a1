import { expect, type Page, test } from '@playwright/test';
import { totpCode } from '../apps/server/test/totp.ts';
import { signUpViaApi, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';

// Issue 28 in the browser: an address belongs to whoever proves it, and two-factor sign-in.

async function openMailedLink(page: Page, email: string, subject: RegExp, link: RegExp) {
  await page.goto('/dev/mailbox');
  const message = page.locator('article', { hasText: email }).filter({ hasText: subject }).first();
  await message.getByRole('link', { name: link }).first().click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a stranger who signed up with my address loses it when I open the activation mail', async ({ page, browser }) => {
  const email = uniqueEmail('owner');
  // The stranger, in a browser of their own, signs up with the owner's address and stays signed in.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto('/');
  await signUpViaApi(stranger, { email, password: 'the strangers password' });
  await stranger.goto('/profile');
  await expect(stranger.getByTestId('profile-credits')).toBeVisible();

  // The owner opens the unsolicited mail in their own browser and chooses a password.
  await page.goto('/');
  await openMailedLink(page, email, /./, /verify-email\?token=/);
  await expect(page).toHaveURL(/\/reset-password\?token=.*claim=1/);
  await expect(page.getByRole('heading', { level: 1, name: /choose your password/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('New password', { exact: true }).fill('the owners own password');
  await page.getByLabel('Repeat the new password').fill('the owners own password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, 'the owners own password');
  await expect(page).toHaveURL(/\/$/);

  // The stranger's session is gone, and their password no longer works.
  await stranger.goto('/profile');
  await expect(stranger).toHaveURL(/\/login/);
  await signIn(stranger, email, 'the strangers password');
  await expect(stranger.getByText('Invalid e-mail, username or password', { exact: false })).toBeVisible();
  await strangerContext.close();
});

test('turns two-factor sign-in on in Security, then signs in with a code from the app', async ({ page }) => {
  await page.goto('/');
  const user = await signUpViaApi(page);
  // Confirm the address where the account is signed in (two-factor needs a proven address).
  await openMailedLink(page, user.email, /./, /verify-email\?token=/);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/security');
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Two-factor sign-in' }) });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Turn on' }).click();
  await card.getByLabel('Your password').fill(user.password);
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await card.locator('code').textContent())?.trim() ?? '';
  await expect(card.getByRole('listitem').filter({ hasText: /^[A-Za-z0-9-]{6,}$/ })).toHaveCount(10);
  await expectNoSeriousAxeViolations(page);
  await card.getByLabel('Code from the app').fill(totpCode(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Two-factor sign-in is on')).toBeVisible();
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, user.email, user.password);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000' === totpCode(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Wrong code')).toBeVisible();
  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
});
