import { expect, type Page, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectCspViolations } from './support/console.ts';
import { confirmAddress } from './support/mailbox.ts';

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
    // The badge says only what the server's count makes true: places, never a time limit.
    const plans = await page.request.get('/api/billing/plans?language=en');
    const { remaining } = ((await plans.json()) as { lifetimeSlots: { remaining: number } }).lifetimeSlots;
    const left = remaining.toLocaleString('en');
    const lifetime = page.getByRole('article', { name: 'Lifetime' });
    await expect(lifetime).toContainText(remaining === 1000 ? 'Only 1,000 places' : `Only ${left} left`);
    await expect(lifetime).toContainText(`${left} of 1,000`);
    await expect(page.getByRole('radio', { name: /Lifetime/ })).not.toContainText('Limited offer');
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('radio', { name: 'Monthly' }).click();
    await page.locator('button[data-plan="pro"]').click();
    await expect(page).toHaveURL(/\/login$/);
    expect(csp).toEqual([]);
  });

  test('shows Japanese prices in US dollars', async ({ page }) => {
    await useLanguage(page, 'ja');
    await page.goto('/pricing');
    await expect(page.getByTestId('price-pro')).toContainText('$2.99');
    await expect(page.getByTestId('price-pro')).not.toContainText('HK');
    await expect(page.getByTestId('price-studio')).toContainText('$7.99');
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
  // In view as the page opens, not below where the checkout was scrolled.
  await expect(page.getByRole('heading', { name: 'Payment successful!' })).toBeInViewport();
  await expect(page.getByRole('link', { name: 'Start Using Tools' })).toHaveAttribute('href', '/tools');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  // The page names what was bought, from the server's record of the order.
  const summary = page.locator('dl');
  await expect(summary).toContainText('Pro · Monthly');
  await expect(summary).toContainText('$2.99');
  await expect(summary).toContainText('400 credits');
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath('payment-success-en-1366.png') });
  // In every language, the amount in the order's currency (US dollars) formatted for it.
  for (const [language, amount, credits] of [
    ['ja', '$2.99', '400 クレジット'],
    ['zh-CN', 'US$2.99', '400 积分'],
    ['zh-TW', 'US$2.99', '400 點'],
  ] as const) {
    await useLanguage(page, language);
    await page.reload();
    await expect(page.locator('dl')).toContainText(amount);
    await expect(page.locator('dl')).toContainText(credits);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('payment-success-zh-TW-390.png') });
  await page.setViewportSize({ width: 1366, height: 800 });
  // Init scripts run in the order added: this last one sets English again.
  await useLanguage(page, 'en');

  const status = await (await page.request.get('/api/billing/subscription')).json();
  expect(status).toMatchObject({ subscribed: true, subscription_tier: 'Pro' });
  const orders = await (await page.request.get('/api/billing/orders')).json();
  expect(orders.orders[0]).toMatchObject({ plan: 'pro', amount: 299, currency: 'USD', status: 'paid' });

  await page.goto('/pricing');
  await expect(page.locator('button[data-plan="pro"]')).toHaveText('Current Plan');
  await expect(page.locator('button[data-plan="studio"]')).toHaveText('Upgrade Now');
  await page.locator('button[data-plan="pro"]').click();
  await expect(page.getByText('You are already subscribed to this plan.')).toBeVisible();

  // Upgrading asks first, with the server's prorated charge; Cancel changes nothing.
  const preview = await (
    await page.request.post('/api/billing/change-preview', { data: { planId: 'studio', billingCycle: 'monthly' } })
  ).json();
  const due = `$${(preview.amountDue / 100).toFixed(2)}`;
  await page.locator('button[data-plan="studio"]').click();
  const dialog = page.getByRole('dialog', { name: 'Change to Studio?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(due);
  await expect(dialog).toContainText('1,100 credits');
  await expectNoSeriousAxeViolations(page);
  for (const [width, height] of [
    [1366, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`plan-change-${width}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  const unchanged = await (await page.request.get('/api/billing/subscription')).json();
  expect(unchanged).toMatchObject({ subscription_tier: 'Pro' });
  expect((await (await page.request.get('/api/billing/orders')).json()).orders).toHaveLength(1);

  // Confirm makes the change and charges what the dialog said.
  await page.locator('button[data-plan="studio"]').click();
  await dialog.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(page.getByText('Your plan is now Studio.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('button[data-plan="studio"]')).toHaveText('Current Plan');
  const changed = await (await page.request.get('/api/billing/orders')).json();
  expect(changed.orders[0]).toMatchObject({ plan: 'studio', currency: 'USD', status: 'paid' });
  expect(Math.abs(changed.orders[0].amount - preview.amountDue)).toBeLessThanOrEqual(1);

  // Cancel at period end, as Stripe's portal does, in the sandbox too: the plan stays until then.
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Subscription' });
  await expect(card.getByText('Renews on')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Manage billing' })).toHaveCount(0); // the sandbox has no portal
  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
  await expect(confirm).toContainText('Nothing more is charged');
  await confirm.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(card.getByText('Ends on')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  expect(await (await page.request.get('/api/billing/subscription')).json()).toMatchObject({
    subscribed: true,
    subscription_tier: 'Studio',
    cancel_at_period_end: true,
  });
  expect(csp).toEqual([]);
});

test("a friend's discount code lowers a referred user's first payment at the sandbox checkout", async ({
  page,
  baseURL,
  playwright,
}) => {
  const csp = collectCspViolations(page);
  await useLanguage(page, 'en');
  const origin = new URL(baseURL!).origin;
  // The referrer, in a context of their own: their referral code and a new-user discount code.
  const referrer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin } });
  const signUpReferrer = await referrer.post('/api/auth/sign-up/email', {
    data: { email: `referrer${Date.now()}@example.com`, password: 'correct horse battery', name: 'referrer' },
  });
  expect(signUpReferrer.ok(), await signUpReferrer.text()).toBe(true);
  const { referralCode } = await (await referrer.get('/api/referrals')).json();
  const makeCode = async () =>
    (await (await referrer.post('/api/referrals/invitation-codes', { data: { codeType: 'discount_new_user' } })).json())
      .code as string;
  const [code, spare] = [await makeCode(), await makeCode()];
  await referrer.dispose();

  // The friend signs up through the referral, confirms the address (discount codes are for
  // confirmed accounts) and opens the pricing page.
  const friendEmail = `friend${Date.now()}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email: friendEmail, password: 'correct horse battery', name: 'friend', referralCode },
    headers: { origin },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  await confirmAddress(page, friendEmail);
  await page.goto('/pricing');
  const field = page.getByRole('textbox', { name: 'Discount code' });
  await field.fill('NOSUCHCD');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This discount code does not exist.' })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Code ${code} applied` })).toContainText('$9.90');
  await expect(page.getByTestId('price-pro')).toContainText('$0.50');
  await expect(page.getByTestId('discount-pro')).toContainText('$2.99');
  await expect(page.getByTestId('price-studio')).toContainText('$0.50');
  await page.getByRole('radio', { name: /Yearly/ }).click();
  await expect(page.getByTestId('price-pro')).toContainText('$19.10');
  await expectNoSeriousAxeViolations(page);

  await page.locator('button[data-plan="pro"]').click();
  await expect(page).toHaveURL(/\/billing\/sandbox\/checkout\//);
  await expect(page.getByText('$19.10')).toBeVisible();
  await expect(page.getByText('$29.00', { exact: true })).toBeVisible();
  await expect(page.getByText(`Discount code ${code}: −$9.90 on this payment. Renewals: $29.00.`)).toBeVisible();
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful!' })).toBeVisible();
  const orders = await (await page.request.get('/api/billing/orders')).json();
  expect(orders.orders[0]).toMatchObject({ plan: 'pro', amount: 1910, discountAmount: 990, status: 'paid' });
  await page.goto('/profile');
  await expect(page.getByText("Friend's discount: $9.90 off")).toBeVisible();

  // A second code is refused for a second purchase, in the user's language.
  const check = await page.request.post('/api/billing/discount-codes/check', {
    data: { code: spare, language: 'ja' },
    headers: { origin },
  });
  expect(check.status()).toBe(403);
  expect((await check.json()).error.code).toBe('DISCOUNT_CODE_NOT_FIRST_PURCHASE');
  expect(csp).toEqual([]);
});

test('/pricing?discount=CODE fills the code in and checks it at once, in the user’s language', async ({ page }) => {
  await useLanguage(page, 'zh-CN');
  // Discount codes are for confirmed accounts.
  await confirmAddress(page, (await signUpViaApi(page)).email);
  await page.goto('/pricing?discount=ABCDEFGH');
  await expect(page.getByRole('textbox', { name: '折扣码' })).toHaveValue('ABCDEFGH');
  // Unknown to the server: the code is asked about as soon as the page opens.
  await expect(page.getByRole('alert').filter({ hasText: '该折扣码不存在。' })).toBeVisible();
});
