import os from 'node:os';

/**
 * Set by the engine pool in each of its processes: the cores one task may use (all of them:
 * the pool's processes run at a lower priority than the HTTP thread, so a run uses the cores
 * the server is not using).
 */
export const ENGINE_THREADS_ENV = 'ATELIER_ENGINE_THREADS';

/** Threads an engine step (onnxruntime's intra-op pool, libvips) may use in this process. */
export function computeThreads(): number {
  const fromPool = Number(process.env[ENGINE_THREADS_ENV]);
  return Number.isInteger(fromPool) && fromPool > 0 ? fromPool : os.availableParallelism();
}
