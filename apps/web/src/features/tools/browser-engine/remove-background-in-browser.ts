import type { RunOutput } from '@atelier/contracts';
import type { WorkerReply, WorkerRequest } from './background-removal.worker.ts';
import type { BrowserProgress } from './browser-stages.ts';

/** Set by the build (apps/web/build/background-removal-assets.ts): where Atelier serves the model and runtime. */
declare const __BACKGROUND_REMOVAL_PATH__: string;

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
 * first run starts. `onProgress` hears its stages (browser-stages.ts) as they begin.
 */
export function removeBackgroundInBrowser(
  image: File,
  onProgress: (progress: BrowserProgress) => void,
): Promise<RunOutput> {
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
      if (data.type === 'progress') onProgress(data.progress);
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
