// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import toolRun from '../../../locales/en/tool-run.json';
import toolRunJa from '../../../locales/ja/tool-run.json';
import type { BrowserProgress } from '../browser-engine/browser-stages.ts';
import { StageProgress } from './stage-progress.tsx';

// The progress over the stage, and the line that says a paid plan's priority started the run
// ahead of runs that were waiting (the server's count, shown as it arrives with the run).

afterEach(cleanup);

async function renderProgress(language: 'en' | 'ja', overtook?: number, stage?: BrowserProgress) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    ns: ['tool-run'],
    defaultNS: 'tool-run',
    resources: { en: { 'tool-run': toolRun }, ja: { 'tool-run': toolRunJa } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <StageProgress progress={42} overtook={overtook} stage={stage} />
    </I18nextProvider>,
  );
}

describe('StageProgress', () => {
  it('says how many waiting runs the plan started this one ahead of', async () => {
    await renderProgress('en', 3);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByRole('status').textContent).toBe(
      'Priority queue: your plan started this run ahead of 3 waiting runs',
    );
  });

  it('says it in the reader’s language, and one run in the singular', async () => {
    await renderProgress('ja', 1);
    expect(screen.getByRole('status').textContent).toContain('待機中の 1 件より先に開始しました');
    cleanup();
    await renderProgress('en', 1);
    expect(screen.getByRole('status').textContent).toMatch(/ahead of 1 waiting run$/);
  });

  it('says nothing of priority when the run overtook none', async () => {
    await renderProgress('en', 0);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names a browser stage, measures the download in bytes, and shows a step it cannot measure as work going on', async () => {
    await renderProgress('en', 0, {
      stage: 'download',
      step: 1,
      steps: 4,
      fraction: 0.25,
      bytes: 13_750_000,
      totalBytes: 55_000_000,
      percent: 6,
    });
    expect(screen.getByText('Downloading the model')).toBeTruthy();
    expect(screen.getByText('13.8 of 55.0 MB')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    cleanup();
    await renderProgress('ja', 0, { stage: 'inference', step: 3, steps: 4, fraction: null, percent: 50 });
    expect(screen.getByText('背景を除去中')).toBeTruthy();
    expect(screen.getByText(/ステップ 3 \/ 4/)).toBeTruthy();
    expect(screen.getByRole('progressbar').hasAttribute('aria-valuenow')).toBe(false);
    expect(screen.getByText('0 秒')).toBeTruthy();
  });
});
