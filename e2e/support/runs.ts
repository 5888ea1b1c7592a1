import { expect, type Page } from '@playwright/test';

/** Waits until a run the page's user started has succeeded (its status, asked of the API). */
export async function expectRunSucceeded(page: Page, runId: string) {
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/runs/${runId}`)).json()) as { run: { status: string } }).run.status,
      { timeout: 30_000 },
    )
    .toBe('succeeded');
}
