import { type APIRequestContext, expect, test } from '@playwright/test';
import { saveEditedPhoto } from './support/artworks.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectCspViolations } from './support/console.ts';

// The gallery as a visitor and as a signed-up user who saves a result of a real run
// (the local AI photo editor: a demo result is never public) and then likes, hides and deletes it.

test('a visitor sees the public gallery, empty, without the my-artworks tab', async ({ page }) => {
  const csp = collectCspViolations(page);
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  await expect(page.getByText('No public artworks yet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'My artworks' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  expect(csp).toEqual([]);
});

async function postJson(request: APIRequestContext, baseURL: string, path: string, data: unknown) {
  return request.post(path, { data, headers: { origin: baseURL } });
}

test('a saved public artwork appears in the gallery, can be liked, hidden and deleted', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL!;
  const email = `gallery${Date.now()}@example.com`;
  const signUp = await postJson(page.request, origin, '/api/auth/sign-up/email', {
    email,
    password: 'correct horse battery',
    name: 'gallery',
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);

  const prompt = 'a lighthouse at dawn, watercolor';
  const artworkId = await saveEditedPhoto(page, origin, prompt, true);

  await page.goto('/gallery');
  const card = page.getByRole('article').filter({ hasText: prompt });
  await expect(card).toBeVisible();
  await expect(card.getByText(`by ${email.split('@')[0]}`)).toBeVisible();
  const image = card.getByRole('img');
  // The first card is the page's largest paint: loaded at once, first (later ones lazily).
  await expect(image).toHaveAttribute('loading', 'eager');
  await expect(image).toHaveAttribute('fetchpriority', 'high');
  await expect(image).toHaveAttribute('width', /\d+/);

  await card.getByRole('button', { name: /^Like/ }).click();
  await expect(card.getByRole('button', { name: /^Unlike/ })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(card.getByRole('button', { name: /^Unlike/ })).toContainText('1');

  await card.getByRole('button', { name: `Open artwork: ${prompt}` }).click();
  const lightbox = page.getByRole('dialog');
  // Called by its prompt (it has no title), which it also shows as the prompt.
  await expect(lightbox.getByRole('heading', { name: prompt })).toBeVisible();
  await expect(lightbox.getByRole('definition').filter({ hasText: prompt })).toBeVisible();
  await expect(lightbox.getByText(`by ${email.split('@')[0]}`)).toBeVisible();
  // Copy link: the artwork's own page, on the clipboard, with a toast.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await lightbox.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/gallery/${artworkId}`);
  await page.keyboard.press('Escape');

  // A visitor may look but not like.
  const visitor = await browser.newContext({ baseURL: origin });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/gallery');
  await visitorPage.getByRole('article').filter({ hasText: prompt }).getByRole('button', { name: /^Like/ }).click();
  await expect(visitorPage.getByText('Please login to like artworks')).toBeVisible();
  await visitor.close();

  await page.getByRole('tab', { name: 'My artworks' }).click();
  const mine = page.getByRole('tabpanel').getByRole('article').filter({ hasText: prompt });
  await mine.getByRole('switch', { name: 'Public' }).click();
  await expect(mine.getByRole('switch', { name: 'Public' })).toHaveAttribute('aria-checked', 'false');
  // A private artwork has no page to share: no Copy link.
  await mine.getByRole('button', { name: `Open artwork: ${prompt}` }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Open full size' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Copy link' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Public gallery' }).click();
  await expect(page.getByRole('article').filter({ hasText: prompt })).toHaveCount(0);

  await page.getByRole('tab', { name: 'My artworks' }).click();
  await mine.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('You have not saved any artworks yet.', { exact: false })).toBeVisible();
});
