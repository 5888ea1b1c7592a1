import { TOOLS } from '@atelier/contracts';
import { expect, type Page, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts.ts';
import { makePng } from './support/png.ts';
import { VIEWPORTS } from './support/viewports.ts';

// Every tool page fits a phone: nothing wider than the screen, so no sideways scroll and no
// button cut off at its edge — before an image is chosen, with one, and with the result.

/** The elements whose right edge passes the screen's, by tag and class (the innermost: what to fix). */
async function overflowing(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      // Inside something that scrolls or clips on its own, it is that element's business.
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 0.5) clipped = true;
      }
      const widerChild = Array.from(element.children).some(
        (child) => child.getBoundingClientRect().right > width + 0.5,
      );
      if (!clipped && !widerChild)
        wide.push(`${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)} → ${box.right}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, wide: wide.slice(0, 5) };
  });
}

async function expectFits(page: Page, what: string) {
  const fit = await overflowing(page);
  expect(fit.wide, `${what}: elements past the ${fit.width}px screen`).toEqual([]);
  expect(fit.scrollWidth, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(fit.width);
}

test('every tool page fits a 390 px phone, without an image, with one, and with the result', async ({ page }) => {
  // Eleven pages, most run once (demo, local and in-browser engines): more than the default minute.
  test.setTimeout(600_000);
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/');
  await signUpViaApi(page);
  for (const tool of TOOLS) {
    await page.goto(`/tools/${tool.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFits(page, `/tools/${tool.id}`);
    const input = page.locator('input[type=file]').first();
    if ((await input.count()) > 0) {
      await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: makePng(320, 240) });
      await expect(page.getByRole('img').first()).toBeVisible();
      await expectFits(page, `/tools/${tool.id} with an image`);
    }
    const prompt = page.getByLabel('Prompt', { exact: true });
    if ((await prompt.count()) > 0) await prompt.fill('a lighthouse at dusk');
    // The run button is the form's submit; a tool that needs a mask painted is left at that.
    const run = page.locator('form button[type=submit]').first();
    const needsMask = (await page.getByRole('heading', { name: 'Mask', exact: true }).count()) > 0;
    if (!needsMask && (await run.isEnabled())) {
      await run.click();
      await expect(page.getByRole('heading', { name: /^Result/ })).toBeVisible({ timeout: 90_000 });
      await expectFits(page, `/tools/${tool.id} with its result`);
    }
  }
});
