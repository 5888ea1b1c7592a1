import { expect, type Page, test } from '@playwright/test';
import { totpCode } from '../apps/server/test/support/totp.ts';
import { signUpViaApi, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { openMailedLink } from './support/mailbox.ts';

// In the browser: an address belongs to whoever proves it, and two-factor sign-in.

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

test('changes the password in Security: this session stays, the other ends, only the new password signs in', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  const user = await signUpViaApi(page);
  // The same account signed in on another device.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, user.email, user.password);
  await expect(other).toHaveURL(/\/$/);

  await page.goto('/security');
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Password', exact: true }) });
  const current = card.getByLabel('Current password');
  const next = card.getByLabel('New password', { exact: true });
  const confirm = card.getByLabel('Repeat the new password');
  const submit = card.getByRole('button', { name: 'Change password' });

  // Checked in the page: too short, and two that differ.
  await current.fill(user.password);
  await next.fill('short');
  await confirm.fill('shorter');
  await submit.click();
  await expect(next).toHaveAccessibleDescription(/needs at least 8 characters/);
  await expect(confirm).toHaveAccessibleDescription(/not the same/);
  await expectNoSeriousAxeViolations(page);

  // Checked by the server: the current password.
  await current.fill('not my password');
  await next.fill('a brand new passphrase');
  await confirm.fill('a brand new passphrase');
  await submit.click();
  await expect(current).toHaveAccessibleDescription('The current password is not right.');
  await expect(current).toHaveAttribute('aria-invalid', 'true');

  await current.fill(user.password);
  await submit.click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(current).toHaveValue('');

  // This session carries on; the other device is signed out.
  await page.goto('/profile');
  await expect(page.getByTestId('profile-credits')).toBeVisible();
  await other.goto('/profile');
  await expect(other).toHaveURL(/\/login/);
  await otherContext.close();

  // The old password no longer signs in; the new one does.
  await page.context().clearCookies();
  await signIn(page, user.email, user.password);
  await expect(page.getByText('Invalid e-mail, username or password', { exact: false })).toBeVisible();
  await signIn(page, user.email, 'a brand new passphrase');
  await expect(page).toHaveURL(/\/$/);
});

test('the password form speaks the user language', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'language', value: 'ja', url: baseURL! }]);
  await page.addInitScript(() => localStorage.setItem('language', 'ja'));
  await page.goto('/');
  await signUpViaApi(page);
  await page.goto('/security');
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'パスワード', exact: true }) });
  await card.getByLabel('現在のパスワード').fill('not my password');
  await card.getByLabel('新しいパスワード', { exact: true }).fill('a brand new passphrase');
  await card.getByLabel('新しいパスワード（確認）').fill('a brand new passphrase');
  await card.getByRole('button', { name: 'パスワードを変更' }).click();
  await expect(card.getByText('現在のパスワードが正しくありません。')).toBeVisible();
});
