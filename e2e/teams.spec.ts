import { expect, test } from '@playwright/test';
import { signUpViaApi, subscribeToProViaApi, uniqueEmail } from './support/accounts.ts';
import { confirmAddress, openMailedLink } from './support/mailbox.ts';
import { makePng } from './support/png.ts';

// Studio teams as a small studio meets them: the owner makes a team, funds it and
// invites; the invitee signs up from the mailed link and lands in the team once the address is
// confirmed, runs a tool on the team's credits until the owner's monthly cap stops them; the
// owner sees the run and the usage, then deletes the team.

const photo = { name: 'photo.png', mimeType: 'image/png', buffer: makePng(160, 120) };

test('an owner invites, the invitee joins from the mail and runs a tool on the team’s credits', async ({
  page: owner,
  browser,
}) => {
  test.setTimeout(120_000);
  await owner.goto('/');
  const { email } = await signUpViaApi(owner);
  // Teams are made, funded and joined by accounts whose address is confirmed.
  await confirmAddress(owner, email);
  await subscribeToProViaApi(owner, 'studio');

  await owner.goto('/team');
  await owner.getByLabel('Team name').fill('Pixel Studio');
  await owner.getByRole('button', { name: 'Create team' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Pixel Studio' })).toBeVisible();
  await owner.getByLabel('Credits to move from your balance').fill('10');
  await owner.getByRole('button', { name: 'Add to team' }).click();
  await expect(owner.getByTestId('team-credits')).toHaveText('10 credits');
  // The workspace is the new team: the top bar's balance is the team's pool.
  await expect(owner.getByTestId('workspace-switcher')).toHaveValue(/.+/);
  await expect(owner.getByTestId('credit-balance')).toHaveText('10');

  const invitee = uniqueEmail('invitee');
  await owner.getByLabel('E-mail address').fill(invitee);
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText('Invitation sent.')).toBeVisible();
  await expect(owner.getByText(invitee)).toBeVisible();

  // The invitee, signed out, opens the link in the mail and is led to create an account.
  const context = await browser.newContext();
  const page = await context.newPage();
  await openMailedLink(page, invitee, /Join the team/, /teams\/join\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Join a team' })).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Email').fill(invitee);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  // Back on the invitation: the address must be confirmed first, and confirming it is enough —
  // the invitation is not opened again.
  await expect(page).toHaveURL(/\/teams\/join\?token=/);
  await expect(page.getByRole('status')).toContainText('confirming it adds you to the team');
  await openMailedLink(page, invitee, /Confirm your Atelier account/, /verify-email\?token=/);
  await expect(page).not.toHaveURL(/verify-email/);
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Pixel Studio' })).toBeVisible();
  await page.getByTestId('workspace-switcher').selectOption({ label: 'Pixel Studio' });

  // A run in the team's workspace is paid from the pool; the invitee's own 30 credits stay.
  await expect(page.getByTestId('credit-balance')).toHaveText('10');
  await page.goto('/tools/ai-photo-editor');
  await page.locator('input[type=file]').first().setInputFiles(photo);
  await page.getByRole('button', { name: 'Edit photo' }).click();
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('credit-balance')).toHaveText('9');

  // The owner caps the invitee at the 1 credit already spent this month: the next team run is
  // refused with the reason, and nothing is charged.
  await owner.goto('/team');
  await owner.getByLabel(/^Monthly limit for /).fill('1');
  const saved = owner.waitForResponse((r) => r.url().endsWith('/cap'));
  await owner.getByRole('button', { name: 'Save limit' }).click();
  expect((await saved).status()).toBe(204);
  await expect(owner.getByTestId('team-usage')).toContainText('of 1');
  await page.getByRole('button', { name: 'Edit photo' }).click();
  await expect(page.getByText('You have reached the monthly limit the team set for you').first()).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveText('9');
  // In the team the Free invitee has the owner's Studio plan: batches are offered there, and
  // locked again in their own workspace.
  await page.goto('/tools/image-upscale');
  await expect(page.getByRole('heading', { name: /Upscale/ }).first()).toBeVisible();
  await expect(page.getByTestId('plan-lock-batches')).toHaveCount(0);
  await page.getByTestId('workspace-switcher').selectOption({ label: 'Personal' });
  await expect(page.getByTestId('credit-balance')).toHaveText('30');
  await expect(page.getByTestId('plan-lock-batches')).toBeVisible();
  await context.close();

  // The owner sees the run in the team's history, and the usage.
  await owner.goto('/history');
  await expect(owner.getByText('The runs of the team “Pixel Studio”')).toBeVisible();
  await expect(owner.locator('ul li').first()).toBeVisible();
  await owner.goto('/team');
  await expect(owner.getByTestId('team-credits')).toHaveText('9 credits');
  await expect(
    owner.getByTestId('team-usage').getByRole('row', { name: new RegExp(invitee.split('@')[0]!) }),
  ).toContainText('1');
  // The owner sends plan renewals to the pool; the gallery has the team's tab (its library is empty).
  const renewal = owner.waitForResponse((r) => r.url().endsWith('/renewal'));
  await owner.getByLabel('Credit my plan renewals to this team').check();
  expect((await renewal).status()).toBe(204);
  await expect(owner.getByLabel('Credit my plan renewals to this team')).toBeChecked();
  await owner.goto('/gallery?tab=team');
  await expect(owner.getByRole('tab', { name: 'Team: Pixel Studio', selected: true })).toBeVisible();
  await expect(owner.getByText("Nothing in the team's library yet")).toBeVisible();
  await owner.screenshot({ path: 'test-results/gallery-team-tab.png' });
  await owner.goto('/team');
  await expect(owner.getByLabel('Credit my plan renewals to this team')).toBeChecked();
  await owner.screenshot({ path: 'test-results/team-page-desktop.png', fullPage: true });
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.screenshot({ path: 'test-results/team-page-phone.png', fullPage: true });

  // The owner deletes the team: back to Personal, with the form to make a team.
  await owner.getByRole('button', { name: 'Delete team…' }).click();
  await owner.getByRole('button', { name: 'Delete “Pixel Studio” for good' }).click();
  await expect(owner.getByRole('button', { name: 'Create team' })).toBeVisible();
  await expect(owner.getByTestId('workspace-switcher')).toHaveCount(0);
});
