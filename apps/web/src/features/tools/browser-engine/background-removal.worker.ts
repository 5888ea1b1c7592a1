import { removeBackground } from '@imgly/background-removal';
import { type BrowserProgress, createStageTracker } from './browser-stages.ts';

/**
 * A dedicated worker (a classic script served from /assets/workers/, see vite.config.ts) that
 * runs ISNet with onnxruntime-web. It exists for the Content-Security-Policy: onnxruntime
 * 1.17 starts each of its wasm threads by `importScripts` of a blob: URL, which the page's
 * policy does not allow. A worker loaded from a URL gets its own policy from its response, so
 * the server gives this file alone a `script-src` with `blob:` (security-headers.ts), and the
 * threads it starts inherit that policy. The page keeps `script-src 'self'`.
 * The model stays loaded between runs (the library memoizes its session).
 */

export type WorkerRequest = { id: number; image: Blob; publicPath: string };
export type WorkerReply =
  | { id: number; type: 'progress'; progress: BrowserProgress }
  | { id: number; type: 'done'; blob: Blob }
  | { id: number; type: 'error'; message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(reply: WorkerReply): void;
};

/** The library keeps its session once a run has succeeded: later runs skip the download. */
let warm = false;

scope.onmessage = async ({ data: { id, image, publicPath } }) => {
  const stages = createStageTracker((progress) => scope.postMessage({ id, type: 'progress', progress }), { warm });
  stages.start();
  try {
    const blob = await removeBackground(image, {
      publicPath,
      model: 'small',
      // Already in a worker: onnxruntime's own proxy worker would be one more hop.
      proxyToWorker: false,
      output: { format: 'image/png' },
      progress: stages.report,
    });
    warm = true;
    scope.postMessage({ id, type: 'done', blob });
  } catch (error) {
    scope.postMessage({ id, type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
