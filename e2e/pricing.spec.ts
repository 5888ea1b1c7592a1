import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectCspViolations } from './support/console.ts';

// Pricing and payments as people meet them: a visitor's plan buttons, prices per language, and
// a signed-up user's sandbox checkout through to the payment-success page and the history.

const useLanguage = (page: Page, language: string) =>
  page.addInitScript((value) => localStorage.setItem('language', value), language);

test.describe('pricing for a visitor', () => {
  test('shows English prices, the lifetime offer, and sends plan buttons to /login', async ({ page }) => {
    const csp = collectCspViolations(page);
    await useLanguage(page, 'en');
    await page.goto('/pricing');
    await expect(page.getByTestId('price-pro')).toContainText('$2.99');
    await expect(page.getByTestId('price-studio')).toContainText('$7.99');

    await page.getByRole('radio', { name: /Yearly/ }).click();
    await expect(page.getByTestId('price-pro')).toContainText('$29');

    await page.getByRole('radio', { name: /Lifetime/ }).click();
    await expect(page.getByTestId('price-lifetime')).toContainText('$39');
    await expect(page.getByTestId('price-lifetime')).toContainText('$149');
    await expect(page.getByTestId('price-lifetime')).toContainText('73% off');
    await expect(page.getByRole('progressbar', { name: 'Lifetime slots left' })).toHaveAttribute(
      'aria-valuemax',
      '1000',
    );
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('radio', { name: 'Monthly' }).click();
    await page.locator('button[data-plan="pro"]').click();
    await expect(page).toHaveURL(/\/login$/);
    expect(csp).toEqual([]);
  });

  for (const [language, pro, studio] of [
    ['zh-CN', '18', '58'],
    ['zh-TW', '19', '59'],
  ] as const) {
    test(`shows ${language} prices`, async ({ page }) => {
      await useLanguage(page, language);
      await page.goto('/pricing');
      await expect(page.getByTestId('price-pro')).toContainText(pro);
      await expect(page.getByTestId('price-studio')).toContainText(studio);
      await expect(page.getByTestId('price-pro')).not.toContainText('.');
    });
  }

  test('asks a visitor on /payment-success to log in', async ({ page }) => {
    await page.goto('/payment-success?session_id=sbx_cs_unknown');
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});

test('a signed-up user buys Pro monthly through the sandbox checkout', async ({ page, baseURL }) => {
  const csp = collectCspViolations(page);
  await useLanguage(page, 'en');
  const email = `buyer${Date.now()}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct horse battery', name: 'buyer' },
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);

  await page.goto('/pricing');
  const proButton = page.locator('button[data-plan="pro"]');
  await expect(proButton).toHaveText('Upgrade Now');
  await expect(page.locator('button[data-plan="free"]')).toHaveText('Get Started');
  await proButton.click();

  await expect(page).toHaveURL(/\/billing\/sandbox\/checkout\//);
  await expect(page.getByText('SANDBOX')).toBeVisible();
  await expect(page.getByText('$2.99')).toBeVisible();
  await page.getByRole('button', { name: 'Pay (test)' }).click();

  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Payment successful!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Using Tools' })).toHaveAttribute('href', '/tools');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  const status = await (await page.request.get('/api/billing/subscription')).json();
  expect(status).toMatchObject({ subscribed: true, subscription_tier: 'Pro' });
  const orders = await (await page.request.get('/api/billing/orders')).json();
  expect(orders.orders[0]).toMatchObject({ plan: 'pro', amount: 299, currency: 'USD', status: 'paid' });

  await page.goto('/pricing');
  await expect(page.locator('button[data-plan="pro"]')).toHaveText('Current Plan');
  await expect(page.locator('button[data-plan="studio"]')).toHaveText('Upgrade Now');
  await page.locator('button[data-plan="pro"]').click();
  await expect(page.getByText('You are already subscribed to this plan.')).toBeVisible();
  expect(csp).toEqual([]);
});
