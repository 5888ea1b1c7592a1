import { describe, expect, it } from 'vitest';
import { type BrowserProgress, createStageTracker, FIRST_RUN_BYTES } from './browser-stages.ts';

// The library's reports in the order a first run makes them (model chunks, the runtime, then
// the model's one inference step) become named stages that arrive in order and never go back.

function track(warm: boolean) {
  const seen: BrowserProgress[] = [];
  const tracker = createStageTracker((progress) => seen.push(progress), { warm });
  return { seen, tracker, stages: () => [...new Set(seen.map((p) => p.stage))] };
}

describe('browser background removal stages', () => {
  it('a first run: download (in bytes), prepare, inference, encoding, in that order', () => {
    const { seen, tracker, stages } = track(false);
    tracker.start();
    tracker.report('fetch:/models/small', 4_000_000, 44_000_000);
    tracker.report('fetch:/models/small', 44_000_000, 44_000_000);
    tracker.report('fetch:/onnxruntime-web/ort-wasm-simd-threaded.wasm', 5_000_000, 10_600_000);
    tracker.report('fetch:/onnxruntime-web/ort-wasm-simd-threaded.wasm', 10_600_000, 10_600_000);
    tracker.report('compute:inference', 0, 1);
    tracker.report('compute:inference', 1, 1);

    expect(stages()).toEqual(['download', 'prepare', 'inference', 'encoding']);
    expect(seen.map((p) => p.step)).toEqual([1, 1, 1, 1, 1, 2, 3, 4]);
    const downloads = seen.filter((p) => p.stage === 'download');
    expect(downloads.map((p) => p.bytes)).toEqual([0, 4_000_000, 44_000_000, 49_000_000, 54_600_000]);
    expect(downloads[1]!.totalBytes).toBe(FIRST_RUN_BYTES);
    // The measured part only grows; unmeasured stages say so (null) instead of a number.
    const fractions = downloads.map((p) => p.fraction!);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
    expect(seen.filter((p) => p.stage !== 'download').every((p) => p.fraction === null)).toBe(true);
    const percents = seen.map((p) => p.percent);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(seen.at(-1)).toMatchObject({ stage: 'encoding', percent: 75, steps: 4 });
  });

  it('a warm worker starts at prepare and skips the download', () => {
    const { tracker, stages } = track(true);
    tracker.start();
    tracker.report('compute:inference', 0, 1);
    tracker.report('compute:inference', 1, 1);
    expect(stages()).toEqual(['prepare', 'inference', 'encoding']);
  });

  it('a late download report does not move a later stage back', () => {
    const { seen, tracker } = track(false);
    tracker.start();
    tracker.report('compute:inference', 0, 1);
    tracker.report('fetch:/models/small', 44_000_000, 44_000_000);
    expect(seen.at(-1)!.stage).toBe('inference');
  });
});
