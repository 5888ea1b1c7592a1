import { expect, test } from '@playwright/test';
import { signUpViaApi, subscribeToProViaApi } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';

// The profile's API keys card: a key made in the page works with no cookie, and
// stops working the moment it is revoked there.

test('creates an API key on the profile, uses it with no cookie, revokes it', async ({ page, playwright }) => {
  await page.goto('/');
  await signUpViaApi(page);
  await subscribeToProViaApi(page);
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'API keys and webhooks' });
  await expect(card).toBeVisible();
  await expect(card.getByText('No API keys yet.')).toBeVisible();

  await card.getByLabel('Key name').fill('Shop sync');
  await card.getByRole('button', { name: 'Create key' }).click();
  await expect(card.getByText('Copy it now: it is shown only this once.')).toBeVisible();
  const secret = (await card.getByTestId('api-key-secret').textContent()) ?? '';
  expect(secret).toMatch(/^atk_/);
  await expectNoSeriousAxeViolations(page);
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByTestId('api-key-secret')).toHaveCount(0);
  await expect(card.getByText('Shop sync')).toBeVisible();
  await expect(card.getByText(`${secret.slice(0, 10)}…`)).toBeVisible();

  // A client with no cookie at all: only the key.
  const script = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const me = await script.get('/api/me', { headers: { authorization: `Bearer ${secret}` } });
  expect(me.status()).toBe(200);

  await page.reload();
  await expect(card.getByText('Shop sync')).toBeVisible();
  await card.getByRole('button', { name: 'Revoke the key Shop sync' }).click();
  await card.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(card.getByText('No API keys yet.')).toBeVisible();
  const after = await script.get('/api/me', { headers: { authorization: `Bearer ${secret}` } });
  expect(after.status()).toBe(401);
  await script.dispose();

  // The webhook signing secret: hidden until asked for, then rotated.
  await card.getByRole('button', { name: 'Show' }).click();
  const shown = card.getByTestId('webhook-secret');
  await expect(shown).toHaveText(/^whsec_[A-Za-z0-9+/=]{20,}$/);
  const first = await shown.textContent();
  await card.getByRole('button', { name: 'Rotate' }).click();
  await card.getByRole('button', { name: 'Rotate' }).click();
  await expect(shown).not.toHaveText(first ?? '');
  await expect(shown).toHaveText(/^whsec_/);
  // The delivery log: nothing sent yet.
  await expect(card.getByText('No webhook has been sent yet.', { exact: false })).toBeVisible();
  // The old secret still signs for a day, and the card says until when.
  await expect(card.getByTestId('webhook-previous-until')).toContainText(
    'The previous secret also signs deliveries until',
  );
});
