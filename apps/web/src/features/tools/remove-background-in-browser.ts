import type { RunOutput } from '@atelier/contracts';
import type { WorkerReply, WorkerRequest } from './background-removal.worker.ts';

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

let worker: Worker | null = null;
let nextId = 0;

/**
 * The worker that runs the model; kept between runs so the model loads once per page. The build
 * makes it one classic script (vite.config.ts); `vite dev` serves its modules unbundled, which
 * only a module worker can load.
 */
function backgroundRemovalWorker(): Worker {
  worker ??= import.meta.env.DEV
    ? new Worker(new URL('./background-removal.worker.ts', import.meta.url), {
        type: 'module',
        name: 'background-removal',
      })
    : new Worker(new URL('./background-removal.worker.ts', import.meta.url), { name: 'background-removal' });
  return worker;
}

/**
 * Removes the background on this device with ISNet (onnxruntime-web, in a worker, on several
 * threads when the page is cross-origin isolated): the image never leaves the browser. The
 * library (and its ~45 MB model, fetched from Atelier, cached afterwards) loads only when the
 * first run starts. `onProgress` gets 0..100 from the library's own reports.
 */
export function removeBackgroundInBrowser(image: File, onProgress: (percent: number) => void): Promise<RunOutput> {
  const fetched = new Map<string, { current: number; total: number }>();
  let shown = 0;
  const report = (percent: number) => {
    shown = Math.max(shown, Math.min(100, percent)); // never moves backwards
    onProgress(shown);
  };
  const progress = (key: string, current: number, total: number) => {
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
  };

  const id = ++nextId;
  const runner = backgroundRemovalWorker();
  return new Promise<Blob>((resolve, reject) => {
    const fail = (error: Error) => {
      cleanup();
      // Whatever state the runtime is in, the next run starts from a fresh worker.
      runner.terminate();
      if (worker === runner) worker = null;
      reject(error);
    };
    const onMessage = ({ data }: MessageEvent<WorkerReply>) => {
      if (data.id !== id) return;
      if (data.type === 'progress') progress(data.key, data.current, data.total);
      else if (data.type === 'done') {
        cleanup();
        resolve(data.blob);
      } else fail(new Error(data.message));
    };
    // The worker script itself failed (not found, refused by the policy, a syntax error).
    const onError = (event: ErrorEvent) => fail(new Error(event.message || 'The background removal worker failed'));
    const cleanup = () => {
      runner.removeEventListener('message', onMessage);
      runner.removeEventListener('error', onError);
    };
    runner.addEventListener('message', onMessage);
    runner.addEventListener('error', onError);
    const request: WorkerRequest = {
      id,
      image,
      publicPath: new URL(__BACKGROUND_REMOVAL_PATH__, window.location.origin).href,
    };
    runner.postMessage(request);
  }).then(async (blob) => {
    const bitmap = await createImageBitmap(blob);
    const output = {
      url: URL.createObjectURL(blob),
      mediaType: 'image/png',
      width: bitmap.width,
      height: bitmap.height,
    };
    bitmap.close();
    return output;
  });
}
