// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import studioBatch from '../../../locales/en/studio-batch.json';
import toolRun from '../../../locales/en/tool-run.json';
import tools from '../../../locales/en/tools.json';
import { TOOL_PAGES } from '../definitions/tool-definitions.ts';
import { BatchStage } from './batch-stage.tsx';
import { type BatchTile, tileOf } from './use-batch-run.ts';

// The batch grid as the user sees each tile: its progress, its result with Continue with…,
// a failure in words with Retry; Download all once something is done.

const file = (name: string) => new File([new Uint8Array([1])], name, { type: 'image/png' });
const tile = (name: string, change: Partial<BatchTile>): BatchTile => ({ ...tileOf(file(name)), ...change });
const output = { url: '/files/runs/u/r/output-0.png', mediaType: 'image/png', width: 8, height: 8 };

beforeEach(() => {
  // jsdom has no object URLs; the tiles preview their input through one.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(cleanup);

async function renderStage(tiles: BatchTile[], editable = false) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['studio-batch', 'tool-run', 'tools'],
    defaultNS: 'studio-batch',
    resources: { en: { 'studio-batch': studioBatch, 'tool-run': toolRun, tools } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const handlers = { onRemove: vi.fn(), onRetry: vi.fn(), onDropFiles: vi.fn() };
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <BatchStage
          definition={TOOL_PAGES['image-upscale']}
          tiles={tiles}
          batchId="batch-1"
          editable={editable}
          {...handlers}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return handlers;
}

describe('batch stage', () => {
  it('shows each tile’s progress, result or failure, and retries a failed one', async () => {
    const failed = tile('hat.png', {
      status: 'failed',
      runId: 'r3',
      error: { code: 'PROVIDER_TIMEOUT', message: 'timed out' },
    });
    const handlers = await renderStage([
      tile('shoe.png', { status: 'succeeded', runId: 'r1', inBatch: true, outputs: [output] }),
      tile('bag.png', { status: 'running', runId: 'r2', inBatch: true, progress: 42 }),
      failed,
    ]);
    expect(screen.getByRole('heading', { name: 'Batch · 3 images' })).toBeTruthy();
    expect(screen.getByText('1 of 3 done')).toBeTruthy();
    expect(screen.getByText('· 1 failed', { exact: false })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Result for shoe.png' }).getAttribute('src')).toBe(output.url);
    expect(screen.getByRole('progressbar', { name: 'Progress of bag.png' }).getAttribute('aria-valuenow')).toBe('42');
    // The menu's code loads with the first result that offers it (here: its module's first transform).
    expect(
      await screen.findByRole('button', { name: 'Continue with the result of shoe.png…' }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with the result of bag.png…' })).toBeNull();
    // Still working: the ZIP waits until every tile has ended.
    expect((screen.getByRole('button', { name: 'Download all' }) as HTMLButtonElement).disabled).toBe(true);

    expect(
      screen.getByText('Failed to upscale image. Please try again. The image provider took too long to answer.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry hat.png' }));
    expect(handlers.onRetry).toHaveBeenCalledWith(failed.key);
    // A started batch cannot lose images.
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it('lets a selection lose an image before it starts, and offers no download yet', async () => {
    const shoe = tile('shoe.png', {});
    const handlers = await renderStage([shoe, tile('bag.png', {})], true);
    expect(screen.queryByRole('button', { name: 'Download all' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove shoe.png' }));
    expect(handlers.onRemove).toHaveBeenCalledWith(shoe.key);
  });
});
