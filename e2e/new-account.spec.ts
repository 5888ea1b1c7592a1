import { expect, type Page, test } from '@playwright/test';
import { signUpViaApi, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectProblems } from './support/hydrated.ts';
import { makePng } from './support/png.ts';
import { VIEWPORTS } from './support/viewports.ts';

// A new account's first steps: the balance and the account's pages always in reach in
// the top bar, and the page a visitor asked for kept through sign-up.

const PASSWORD = 'correct horse battery';
const photo = { name: 'photo.png', mimeType: 'image/png', buffer: makePng(160, 120) };

const balance = (page: Page) => page.getByRole('banner').getByTestId('credit-balance');
const accountMenu = (page: Page) => page.getByRole('button', { name: 'Account menu' });

/** No part of the page is wider than the screen (a phone would scroll sideways). */
async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
}

async function signUpThroughForm(page: Page, email: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(page.getByText('We will e-mail you a link to verify this address.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test.describe('the top bar of a signed-in user', () => {
  test.use({ viewport: VIEWPORTS.laptop });

  test('shows the balance, which a run lowers at once, and Pricing', async ({ page }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    await page.goto('/');
    await signUpViaApi(page);
    // Rendered by the server with the balance in it, and hydrated without a mismatch.
    const html = await (await page.request.get('/pricing')).text();
    expect(html).toContain('data-testid="credit-balance"');
    await page.goto('/pricing', { waitUntil: 'networkidle' });
    await expect(balance(page)).toHaveText('30');
    await expect(page.getByRole('banner').getByRole('link', { name: '30 credits — Get more credits' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expect(page.getByRole('banner').getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(problems).toEqual([]);

    // The balance, the plan's locks and the admin link come from one account query, which the
    // server's page already carries: loading a tool page does not ask /api/me again.
    const accountRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/api/me')) accountRequests.push(request.url());
    });
    await page.goto('/tools/vectorization', { waitUntil: 'networkidle' });
    await expect(balance(page)).toHaveText('30');
    expect(accountRequests).toEqual([]);
    await page.locator('input[type=file]').first().setInputFiles(photo);
    await page.getByRole('button', { name: /^Vectorize/ }).click();
    await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 60_000 });
    await expect(balance(page)).toHaveText('29');
  });

  test('has an account menu, by mouse and keyboard, reaching every page of the account', async ({ page }) => {
    await page.goto('/');
    const { email } = await signUpViaApi(page);
    await page.goto('/');

    await accountMenu(page).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(email)).toBeVisible();
    const items = ['View Profile', 'History', 'My artworks', 'Team', 'Referrals', 'Security', 'Billing', 'Sign out'];
    await expect(menu.getByRole('menuitem')).toHaveText(items);
    await expectNoSeriousAxeViolations(page);
    await menu.getByRole('menuitem', { name: 'History' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'My artworks' }).click();
    await expect(page).toHaveURL(/\/gallery\?tab=mine$/);
    await expect(page.getByRole('tab', { name: 'My artworks' })).toHaveAttribute('aria-selected', 'true');

    // The keyboard: Enter opens it on the first item, the arrows move, Escape closes it and
    // gives focus back to the button; Enter on an item follows it.
    await accountMenu(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'View Profile' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'History' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(accountMenu(page)).toBeFocused();
    // Each key once the menu has answered the last, as a person's keys are: End pressed before
    // the reopened menu had focused its first item went to the page.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'View Profile' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Billing' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/profile#billing$/);
    await expect(page.getByRole('heading', { name: 'Subscription' })).toBeInViewport();

    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Referrals' }).click();
    await expect(page).toHaveURL(/\/referral-center$/);
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/security$/);
  });
});

test('on a phone the balance stays in the top bar and the menu lists the account, with nothing too wide', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/');
  const { email } = await signUpViaApi(page);
  await page.goto('/');
  await expect(balance(page)).toHaveText('30');
  await expectNoHorizontalOverflow(page);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByRole('link', { name: /^30 credits/ })).toHaveAttribute('href', '/pricing');
  await expect(menu.getByRole('link', { name: 'Pricing' })).toBeVisible();
  const account = menu.getByRole('navigation', { name: 'Account menu' });
  await expect(account.getByRole('link')).toHaveText([
    /30 credits/,
    'View Profile',
    'History',
    'My artworks',
    'Team',
    'Referrals',
    'Security',
    'Billing',
  ]);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousAxeViolations(page);
  await account.getByRole('link', { name: 'My artworks' }).click();
  await expect(page).toHaveURL(/\/gallery\?tab=mine$/);
  await expect(menu).toHaveCount(0);
});

test.describe('the page a visitor asked for, kept through sign-up', () => {
  test('a visitor who picks a tool on the home page signs up and lands on that tool', async ({ page }) => {
    await page.goto('/');
    await page
      .locator('#tools')
      .getByRole('link', { name: /Login required.*Vectorization$/ })
      .click();
    await expect(page).toHaveURL(/\/login\?mode=signup&next=%2Ftools%2Fvectorization$/);
    const email = uniqueEmail('intent');
    await signUpThroughForm(page, email);
    await expect(page).toHaveURL(/\/tools\/vectorization$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vectorization' })).toBeVisible();
    await expect(page.getByText(`A verification e-mail is on its way to ${email}.`)).toBeVisible();
  });

  test('a visitor sent away from a tool page gets the sign-up form and comes back to it', async ({ page }) => {
    await page.goto('/');
    await page.goto('/ai-eraser?openRun=nothing');
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?mode=signup&next=%2Fai-eraser%3FopenRun%3Dnothing$/);
    await signUpThroughForm(page, uniqueEmail('guard'));
    await expect(page).toHaveURL(/\/ai-eraser\?openRun=nothing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Eraser' })).toBeVisible();
  });

  test('a visitor sent away from a page signs in and comes back to it', async ({ page, request }) => {
    const email = uniqueEmail('back');
    await request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name: 'back' } });
    await page.goto('/');
    await page.goto('/history');
    await expect(page).toHaveURL(/\/login\?next=%2Fhistory$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Atelier' })).toBeVisible();
    await page.getByLabel('Email or username').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/history$/);
  });

  test('a visitor who picks a tool and signs up with Apple lands on that tool', async ({ page }) => {
    await page.goto('/login?mode=signup&next=%2Ftools%2Fimage-upscale');
    await page.getByRole('button', { name: 'Continue with Apple' }).click();
    // The stand-in's login page (oidc-provider's development interactions): any name is an account.
    await page.locator('input[name="login"]').fill(`000${Date.now()}.intent`);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText('Authentication Successful')).toBeVisible();
    await expect(page).toHaveURL(/\/tools\/image-upscale$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Image Upscale' })).toBeVisible();
  });

  test('/login?ref= opens the sign-up form and keeps the code', async ({ page }) => {
    await page.goto('/login?ref=abcd2345');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('referralCode'))).toBe('ABCD2345');
    // Without JavaScript too: the server renders the same form.
    const html = await (await page.request.get('/login?ref=abcd2345')).text();
    expect(html).toContain('Create your account');
  });

  test('Get started opens the sign-up form, which goes home afterwards', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Get started' }).click();
    await expect(page).toHaveURL(/\/login\?mode=signup$/);
    await signUpThroughForm(page, uniqueEmail('home'));
    await expect(page).toHaveURL(/\/$/);
  });

  for (const target of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
    test(`a target of another site (${target}) lands on / instead`, async ({ page }) => {
      await page.goto(`/login?mode=signup&next=${encodeURIComponent(target)}`);
      await signUpThroughForm(page, uniqueEmail('redirect'));
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
      // And the server, for a signed-in user at /login, sends them to / as well.
      const response = await page.request.get(`/login?next=${encodeURIComponent(target)}`, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe('/');
    });
  }

  test('a signed-in user at /login goes to the page it asks for', async ({ page }) => {
    await page.goto('/');
    await signUpViaApi(page);
    await page.goto('/login?next=%2Fgallery%3Ftab%3Dmine');
    await expect(page).toHaveURL(/\/gallery\?tab=mine$/);
  });
});
