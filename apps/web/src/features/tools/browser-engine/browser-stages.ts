/**
 * The stages of a background removal in the browser, in the order they happen. Each is named
 * on screen; only `download` can be measured (bytes), the others are shown as work going on,
 * never as a number that sits still.
 */
export const BROWSER_STAGES = ['download', 'prepare', 'inference', 'encoding'] as const;
export type BrowserStage = (typeof BROWSER_STAGES)[number];

/** Where a browser run is: the stage, and how far into it when that can be measured. */
export interface BrowserProgress {
  stage: BrowserStage;
  /** 1-based position of the stage among BROWSER_STAGES. */
  step: number;
  steps: number;
  /** 0..1 inside the stage when measured (the download's bytes), else null. */
  fraction: number | null;
  /** Bytes received so far in the download stage. */
  bytes?: number;
  /** Bytes the download is expected to have in all, when known. */
  totalBytes?: number;
  /** 0..100 over the whole run, for a small bar (a batch tile): completed stages plus the measured part. */
  percent: number;
}

/**
 * What a first download fetches at least: the `small` ISNet model and one onnxruntime build.
 * The library announces each file's size only when its first chunk arrives, so this keeps the
 * bar from running to the end after the first file.
 */
export const FIRST_RUN_BYTES = 55_000_000;

/**
 * Turns the library's own reports (`fetch:<file>` with bytes, `compute:inference` 0 then 1) into
 * named stages that only move forward:
 * - download: the model and the runtime, measured in bytes;
 * - prepare: the runtime compiles, the session starts, the image is decoded (begins once the
 *   runtime's file is in; a warm worker starts here);
 * - inference: the model runs (one step with no inner reports);
 * - encoding: the cut-out becomes a PNG and is decoded for display.
 */
export function createStageTracker(emit: (progress: BrowserProgress) => void, { warm }: { warm: boolean }) {
  const files = new Map<string, { current: number; total: number }>();
  let index = -1;

  const enter = (stage: BrowserStage, fraction: number | null, extra: Partial<BrowserProgress> = {}) => {
    const next = BROWSER_STAGES.indexOf(stage);
    if (next < index) return; // a late report of an earlier stage: never move back
    index = next;
    const inside = fraction ?? 0;
    emit({
      stage,
      step: next + 1,
      steps: BROWSER_STAGES.length,
      fraction,
      ...extra,
      percent: Math.round(((next + inside) / BROWSER_STAGES.length) * 100),
    });
  };

  return {
    /** The run starts: a cold worker downloads first, a warm one has the model already. */
    start() {
      if (warm) enter('prepare', null);
      else enter('download', 0, { bytes: 0, totalBytes: FIRST_RUN_BYTES });
    },
    /** One report of the library (key, current, total). */
    report(key: string, current: number, total: number) {
      if (key.startsWith('fetch:')) {
        files.set(key, { current, total });
        let bytes = 0;
        let expected = 0;
        for (const file of files.values()) {
          bytes += file.current;
          expected += file.total;
        }
        const totalBytes = Math.max(expected, FIRST_RUN_BYTES);
        enter('download', Math.min(1, bytes / totalBytes), { bytes, totalBytes });
        // The runtime is the last file fetched; once in, the session starts.
        if (key.includes('/onnxruntime-web/') && current >= total) enter('prepare', null);
      } else if (key === 'compute:inference') {
        enter(current >= total && total > 0 ? 'encoding' : 'inference', null);
      }
    },
  };
}
