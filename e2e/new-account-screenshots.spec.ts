import { expect, type Page, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts.ts';
import { saveEditedPhoto } from './support/artworks.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { expectHydratedByReact } from './support/hydrated.ts';
import { makePng } from './support/png.ts';
import { VIEWPORTS } from './support/viewports.ts';

// The pictures: the home page's before/after pairs made by the local engines at build
// time, the empty gallery's invitation, and an artwork's own title with its "Try this tool".

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`the home page shows the engines' real before/after pictures, sized and lazy (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const section = page.getByRole('region', { name: "Made by Atelier's own engines" });
    const pictures = section.getByRole('img');
    await expect(pictures).toHaveCount(8);
    // Below the fold: nothing of it is fetched before the visitor scrolls there.
    for (const picture of await pictures.all()) {
      await expect(picture).toHaveAttribute('loading', 'lazy');
      await expect(picture).toHaveAttribute('width', /^\d+$/);
      await expect(picture).toHaveAttribute('height', /^\d+$/);
      await expect(picture).toHaveAttribute('src', /^\/assets\/showcase\/[a-z-]+-(before|after)-[0-9a-f]{10}\.webp$/);
    }
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('heading', { name: 'AI Eraser' }).scrollIntoViewIfNeeded();
    for (const picture of await pictures.all()) {
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await section.getByRole('heading', { name: 'AI Eraser' }).scrollIntoViewIfNeeded();
    await shot(page, `home-showcase-${name}`);
    // A visitor's way to a tool goes through sign-up and back to the tool.
    await expect(section.getByRole('link', { name: 'Try Vectorization' })).toHaveAttribute(
      'href',
      /\/login\?.*next=%2Ftools%2Fvectorization/,
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
  });
}

test("a new user's empty artworks invite them to a tool", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/');
  await signUpViaApi(page);
  await page.goto('/gallery');
  await expectHydratedByReact(page);
  await page.getByRole('tab', { name: 'My artworks' }).click();
  const invite = page.getByRole('tabpanel').getByRole('link', { name: 'Make something with a tool' });
  await expect(invite).toHaveAttribute('href', '/tools');
  await shot(page, 'gallery-empty-phone');
  await expectNoSeriousAxeViolations(page);
  await invite.click();
  await expect(page).toHaveURL(/\/tools$/);
});

test('the owner renames an artwork; the server refuses a title too long; its page offers the tool', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(VIEWPORTS.laptop);
  await page.goto('/');
  await signUpViaApi(page);
  const prompt = `a paper boat on a puddle ${Date.now()}`;
  const headers = { origin: baseURL! };
  const artworkId = await saveEditedPhoto(page, baseURL!, prompt, true);

  await page.goto('/gallery');
  await expectHydratedByReact(page);
  const mineTab = page.getByRole('tab', { name: 'My artworks' });
  await mineTab.click();
  await expect(mineTab).toHaveAttribute('aria-selected', 'true');
  // No title yet: the artwork is called by its prompt.
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: `Open artwork: ${prompt}` })
    .click();
  const lightbox = page.getByRole('dialog');
  const field = lightbox.getByRole('textbox', { name: 'Title' });
  await field.fill('x'.repeat(101));
  await lightbox.getByRole('button', { name: 'Save title' }).click();
  await expect(lightbox.getByText('Title is too long: at most 100 characters.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveValue('x'.repeat(101));

  await field.fill('  Boat, morning  ');
  await lightbox.getByRole('button', { name: 'Save title' }).click();
  await expect(lightbox.getByRole('heading', { name: 'Boat, morning' })).toBeVisible();
  await shot(page, 'artwork-rename-laptop');
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Boat, morning' })).toBeVisible();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.goto(`/gallery/${artworkId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Boat, morning' })).toBeVisible();
    await expect(page.getByText(prompt)).toBeVisible();
    const tryTool = page.getByRole('link', { name: 'Try AI Photo Editor' });
    await expect(tryTool).toHaveAttribute('href', '/tools/ai-photo-editor');
    await shot(page, `artwork-page-${name}`);
  }
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Try AI Photo Editor' }).click();
  await expect(page).toHaveURL(/\/tools\/ai-photo-editor$/);
  // The e2e server is shared by every spec file: gallery.spec checks the visitor's empty
  // gallery, so the public artwork made here goes again.
  const deleted = await page.request.delete(`/api/artworks/${artworkId}`, { headers });
  expect(deleted.status(), await deleted.text()).toBe(204);
});

test('on a phone the result actions show their labels, in a row of their own', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/');
  await signUpViaApi(page);
  await page.goto('/tools/ai-photo-editor');
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: makePng(320, 240) });
  await page.locator('form button[type=submit]').first().click();
  await expect(page.getByRole('heading', { name: /^Result/ })).toBeVisible({ timeout: 90_000 });
  for (const [name, label] of [
    ['Download Result', 'Download'],
    ['Copy', 'Copy'],
    ['Continue with…', 'Continue'],
    ['Save to gallery', 'Save'],
  ] as const) {
    const action = page.getByRole('button', { name, exact: true });
    await expect(action).toBeVisible();
    // What is on screen: innerText, unlike textContent, leaves out what the breakpoint hides.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
    expect((await action.innerText()).trim()).toBe(label);
    const box = (await action.boundingBox())!;
    expect(box.x + box.width, `${name} inside the screen`).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expect(box.height, `${name}: a finger's target`).toBeGreaterThanOrEqual(44);
  }
  await page.getByRole('button', { name: 'Save to gallery' }).scrollIntoViewIfNeeded();
  await shot(page, 'result-actions-phone');
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize(VIEWPORTS.laptop);
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
  expect((await page.getByRole('button', { name: 'Download Result' }).innerText()).trim()).toBe('Download Result');
  await shot(page, 'result-actions-laptop');
});
