import { expect, type Page } from '@playwright/test';
import { makePng } from './png.ts';
import { expectRunSucceeded } from './runs.ts';

/**
 * Saves an artwork that may be public: a demo-engine result never can, so the run is the local
 * AI photo editor's (a real engine, 1 credit) on a small PNG, saved with `prompt` as its text.
 * The page's context must be signed in; `origin` is the app's (a change must come from it).
 */
export async function saveEditedPhoto(page: Page, origin: string, prompt: string, isPublic: boolean): Promise<string> {
  const headers = { origin };
  const started = await page.request.post('/api/tools/ai-photo-editor/runs', {
    multipart: {
      image: { name: 'photo.png', mimeType: 'image/png', buffer: makePng(96, 64) },
      editType: 'brighten',
      strength: '0.5',
    },
    headers,
  });
  expect(started.status(), await started.text()).toBe(202);
  const runId = ((await started.json()) as { run: { id: string } }).run.id;
  await expectRunSucceeded(page, runId);
  const saved = await page.request.post('/api/artworks', {
    data: { runId, outputIndex: 0, prompt, toolType: 'ai-photo-editor', isPublic },
    headers,
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return ((await saved.json()) as { artwork: { id: string } }).artwork.id;
}
