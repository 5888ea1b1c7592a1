import { TOOLS } from '@atelier/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectCspViolations } from './support/console.ts';
import { expectHydratedByReact } from './support/hydrated.ts';
import { routesToGuard } from './support/routes.ts';

// The SPA shell as a visitor meets it (the sign-in API does not exist yet, so every session
// is signed out): home, 404, guards, legal dates, languages, themes, toasts, headers, a11y.

test.describe('home', () => {
  test('shows a card per tool, each asking a visitor to log in', async ({ page }) => {
    const csp = collectCspViolations(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const tools = page.locator('#tools');
    await expect(tools.getByRole('article')).toHaveCount(TOOLS.length);
    await expect(tools.getByRole('link', { name: /Login required/ })).toHaveCount(TOOLS.length);
    await tools
      .getByRole('link', { name: /Login required/ })
      .first()
      .click();
    // The create-account form, which comes back to the tool (new-account.spec.ts).
    await expect(page).toHaveURL(new RegExp(`/login\\?mode=signup&next=%2Ftools%2F${TOOLS[0]!.id}$`));
    expect(csp).toEqual([]);
  });

  test('"Start now" scrolls to the tools section', async ({ page }) => {
    await page.goto('/');
    const tools = page.locator('#tools');
    await expect(tools.getByRole('article').first()).toBeVisible();
    await expect(tools.getByRole('heading', { level: 2 })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Start now' }).click();
    await expect(tools.getByRole('heading', { level: 2 })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('the top bar offers the AI tools, gallery, pricing, language and sign-in', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'AI Tools' }).click();
    await expect(header.getByRole('link', { name: /Image Generation/ })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Gallery' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/login?mode=signup');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Image Generation' })).toHaveAttribute(
      'href',
      '/tools/raster-generation',
    );
  });
});

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('guards', () => {
  for (const route of routesToGuard()) {
    test(`a visitor of ${route.path} is denied and sent to /login`, async ({ page }) => {
      // From a light page (the home page's pictures would only slow each of these down).
      await page.goto('/terms');
      await page.goto(route.path);
      await expect(page.getByText('Access Denied')).toBeVisible();
      await expect(page.getByText(route.message)).toBeVisible();
      // /login comes back here afterwards; a tool's opens on the create-account form.
      const signUp = route.message.endsWith('feature') ? 'mode=signup&' : '';
      await expect(page).toHaveURL(new RegExp(`/login\\?${signUp}next=${encodeURIComponent(route.path)}$`));
      // History was replaced: Back returns to the page before, not to the protected one.
      await page.goBack();
      await expect(page).toHaveURL(/\/terms$/);
    });
  }
});

test.describe('legal pages', () => {
  for (const path of ['/terms', '/privacy']) {
    test(`${path} shows the last-updated date May 22, 2025`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText('May 22, 2025')).toBeVisible();
    });
  }

  test.describe('in Traditional Chinese', () => {
    test.use({ locale: 'zh-HK' });
    test('/terms shows the date in Chinese form', async ({ page }) => {
      await page.goto('/terms');
      await expect(page.getByText('2025年5月22日')).toBeVisible();
    });
  });
});

test.describe('scroll', () => {
  const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

  test('a page loaded directly opens at the top; Back returns to where one was', async ({ page }) => {
    // A visitor scrolls the pricing page, then types another address in the same tab.
    await page.goto('/pricing');
    await expectHydratedByReact(page);
    await page.evaluate(() => window.scrollTo(0, 720));
    await expect.poll(() => scrollY(page)).toBe(720);
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInViewport();
    expect(await scrollY(page)).toBe(0);

    // At the foot of the terms, its link to the privacy policy opens the policy at its top; Back
    // returns to the place in the terms, Forward to the top of the policy.
    await expectHydratedByReact(page);
    const privacy = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' });
    await privacy.scrollIntoViewIfNeeded();
    const where = await scrollY(page);
    expect(where).toBeGreaterThan(800);
    await privacy.click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInViewport();
    expect(await scrollY(page)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => scrollY(page)).toBe(where);
    await page.goForward();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => scrollY(page)).toBe(0);
  });
});

test.describe('languages', () => {
  test.describe('an en-US browser', () => {
    test.use({ locale: 'en-US' });
    test('gets English', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('button', { name: 'Start now' })).toBeVisible();
    });

    test('can switch to Japanese, which persists across reloads', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: /^Language:/ }).click();
      await page.getByRole('menuitemradio', { name: '日本語' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
      await expect(page.getByRole('button', { name: '今すぐ始める' })).toBeVisible();
      await expect(page.getByRole('link', { name: /ログインが必要です/ }).first()).toBeVisible();
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
      await expect(page.getByRole('button', { name: '今すぐ始める' })).toBeVisible();
    });
  });

  test.describe('a zh-HK browser', () => {
    test.use({ locale: 'zh-HK' });
    test('gets Traditional Chinese', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
      await expect(page.getByRole('button', { name: '立即開始' })).toBeVisible();
    });
  });
});

test.describe('time theme', () => {
  test.use({ timezoneId: 'UTC' });

  for (const { hour, dark } of [
    { hour: 20, dark: true },
    { hour: 10, dark: false },
  ]) {
    test(`at ${hour}:00 the page is ${dark ? 'dark' : 'light'} from the first paint`, async ({ page }) => {
      await page.clock.setFixedTime(new Date(`2025-05-22T${String(hour).padStart(2, '0')}:00:00Z`));
      // With the app's own scripts blocked, only the inline theme script (public/theme-init.js,
      // inlined by the build and allowed by its hash) can have set the class: this is
      // the state of the first paint.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(dark);
      await page.unroute('**/assets/*.js');

      // And the app agrees once it runs: hydrated, its theme applied.
      await page.goto('/');
      await expectHydratedByReact(page);
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(dark);
    });
  }
});

test('the footer links the open-source licences, with the offer of source for background removal', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Open-source licences' }).click();
  await expect(page).toHaveURL(/\/third-party-licenses\.txt$/);
  const text = (await page.locator('body').textContent()) ?? '';
  expect(text).toMatch(/@imgly\/background-removal@[\d.]+ — GNU Affero General Public License/);
  expect(text).toContain('complete corresponding source');
});

test('a toast is dismissed by Escape', async ({ page }) => {
  await page.goto('/profile');
  const toast = page.getByText('Access Denied');
  await expect(toast).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(toast).toBeHidden({ timeout: 2000 }); // well before its 3 s are up
});

test('security headers are sent with the app', async ({ request }) => {
  const response = await request.get('/');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
  expect(headers['x-frame-options']).toBe('DENY');
});

test.describe('accessibility', () => {
  for (const path of ['/', '/no-such-page', '/login', '/terms']) {
    test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
      const csp = collectCspViolations(page);
      await page.goto(path);
      // The page has rendered (a page under construction may have no heading yet).
      await expect(page.locator('main, h1').first()).toBeAttached();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousAxeViolations(page);
      expect(csp).toEqual([]);
    });
  }
});
