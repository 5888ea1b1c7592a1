import { expect, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts.ts';

// The shell as a signed-in user sees it: the account menu, tool cards that open the tool,
// and /login sending a signed-in visitor home.
test('a signed-in user gets the account menu, tool cards that open tools, and no login page', async ({ page }) => {
  await page.goto('/');
  const { email } = await signUpViaApi(page);
  await page.reload();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'View Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.goto('/');
  await expect(page.getByRole('link', { name: /Login required/ })).toHaveCount(0);
  const card = page
    .locator('#tools')
    .getByRole('link', { name: /Image Generation/ })
    .first();
  await card.click();
  await expect(page).toHaveURL(/\/(tools\/)?image-generation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Image Generation' })).toBeVisible();

  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Signed out')).toBeVisible();
});
