import { expect, type Page, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { pngFile } from './support/png.ts';
import { VIEWPORTS } from './support/viewports.ts';

// Plans that deliver what they sell: a Free user sees what Pro adds as locks with the
// way to it — before trying, not as an error after — buys Pro at the sandbox checkout, and the
// batch that was locked then runs. The pricing cards name only what the server gives.

const images = [pngFile('one.png', 20), pngFile('two.png', 120)];
const imageInput = (page: Page) => page.locator('input[type=file]').first();

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width} × ${viewport.height} (${size})`, () => {
    test.use({ viewport });

    test('a Free user meets the locks, upgrades to Pro at the sandbox checkout, then runs a batch', async ({
      page,
    }, info) => {
      test.setTimeout(120_000);
      await page.goto('/');
      await signUpViaApi(page);

      // The tool page: batches and the creative upscale are locked, with the way to unlock them.
      await page.goto('/tools/image-upscale');
      const batchLock = page.getByTestId('plan-lock-batches');
      await expect(batchLock).toContainText('Batches of up to 50 images are part of Pro.');
      await expect(page.locator('option[value="creative"]')).toBeDisabled();
      await expect(page.getByTestId('plan-lock-advancedOptions')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      // Two images dropped on Free: the first is taken, no batch is made.
      await imageInput(page).setInputFiles(images);
      await expect(page.getByTestId('batch-tile')).toHaveCount(0);
      await expect(
        page.locator('[data-sonner-toast]').filter({ hasText: 'Only the first image was taken' }),
      ).toBeVisible();
      await page.screenshot({ path: info.outputPath(`locked-tool-${size}.png`) });

      // The profile: API keys locked the same way.
      await page.goto('/profile');
      await expect(page.getByTestId('plan-lock-apiKeys')).toContainText(
        'API keys and signed webhooks are part of Pro.',
      );
      await expect(page.locator('input[name="api-key-name"]')).toHaveCount(0);
      await page.getByTestId('plan-lock-apiKeys').scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`locked-profile-${size}.png`) });

      // The lock's link leads to the pricing page, whose cards say what each plan really gives.
      await page.getByTestId('plan-lock-apiKeys').getByRole('link', { name: 'Upgrade to Pro' }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      const pro = page.getByRole('article', { name: 'Pro' });
      await expect(pro.getByTestId('plan-feature')).toHaveText([
        'Everything in Free',
        'Batches: up to 50 images in one go',
        'Personal API keys (up to 10)',
        'Signed webhooks when runs finish',
        'Priority in the queue: your runs start first',
        'Advanced options: negative prompts, creative upscale',
      ]);
      const studio = page.getByRole('article', { name: 'Studio' });
      await expect(studio.getByTestId('plan-feature')).toHaveText([
        'Everything in Pro',
        'Three 7-day experience codes a month to share',
        'Teams: a shared credit pool and library, owner, admin and member roles, up to 5 seats',
      ]);
      await page.screenshot({ path: info.outputPath(`pricing-${size}.png`), fullPage: true });

      await page.locator('button[data-plan="pro"]').click();
      await expect(page).toHaveURL(/\/billing\/sandbox\/checkout\//);
      await page.getByRole('button', { name: 'Pay (test)' }).click();
      await expect(page.getByRole('heading', { name: 'Payment successful!' })).toBeVisible();

      // Pro: the lock is gone and two images make a batch that runs.
      await page.goto('/tools/image-upscale');
      await expect(page.getByRole('heading', { name: /Upscale/ }).first()).toBeVisible();
      await expect(page.getByText('You have 430 credits')).toBeVisible();
      await expect(page.getByTestId('plan-lock-batches')).toHaveCount(0);
      await expect(page.locator('option[value="creative"]')).toBeEnabled();
      await imageInput(page).setInputFiles(images);
      await expect(page.getByTestId('batch-tile')).toHaveCount(2);
      await page.getByRole('button', { name: 'Upscale', exact: true }).click();
      await expect(page.getByTestId('batch-tile').and(page.locator('[data-status=succeeded]'))).toHaveCount(2, {
        timeout: 60_000,
      });
      await expect(page.getByText(/You have 428 credits/)).toBeVisible();
      await page.screenshot({ path: info.outputPath(`pro-batch-${size}.png`) });
    });
  });
}
