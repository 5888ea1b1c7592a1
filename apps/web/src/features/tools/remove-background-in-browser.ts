import type { RunOutput } from '@atelier/contracts';

/** Set by the build (background-removal-assets.ts): where Atelier serves the model and runtime. */
declare const __BACKGROUND_REMOVAL_PATH__: string;

/** Share of the bar for downloading the model and runtime; the rest is the inference itself. */
const FETCH_SHARE = 80;
/**
 * The library reports each file it fetches on its own (resources.json, runtime, model chunks),
 * so the bar measures bytes against what a first run downloads (the small model and one
 * runtime build) rather than jumping to the end after the first small file.
 */
const FIRST_RUN_BYTES = 55_000_000;

/**
 * Removes the background on this device with ISNet (onnxruntime-web): the image never leaves
 * the browser. The library (and its ~45 MB model, fetched from Atelier, cached afterwards) loads
 * only when the first run starts. `onProgress` gets 0..100 from the library's own reports.
 */
export async function removeBackgroundInBrowser(
  image: File,
  onProgress: (percent: number) => void,
): Promise<RunOutput> {
  const { removeBackground } = await import('@imgly/background-removal');
  const fetched = new Map<string, { current: number; total: number }>();
  let shown = 0;
  const report = (percent: number) => {
    shown = Math.max(shown, Math.min(100, percent)); // never moves backwards
    onProgress(shown);
  };
  const blob = await removeBackground(image, {
    publicPath: new URL(__BACKGROUND_REMOVAL_PATH__, window.location.origin).href,
    model: 'small',
    output: { format: 'image/png' },
    progress: (key, current, total) => {
      if (key.startsWith('fetch:')) {
        fetched.set(key, { current, total });
        let bytes = 0;
        let expected = 0;
        for (const file of fetched.values()) {
          bytes += file.current;
          expected += file.total;
        }
        report((bytes / Math.max(expected, FIRST_RUN_BYTES)) * FETCH_SHARE);
      } else {
        report(FETCH_SHARE + (total > 0 ? current / total : 0) * (100 - FETCH_SHARE));
      }
    },
  });
  const bitmap = await createImageBitmap(blob);
  const output = { url: URL.createObjectURL(blob), mediaType: 'image/png', width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return output;
}
