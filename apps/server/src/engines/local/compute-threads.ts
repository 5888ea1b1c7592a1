import os from 'node:os';

/**
 * Set by the engine pool in each of its processes: the cores one task may use. Pool size ×
 * threads stays within the machine's cores, so parallel runs do not oversubscribe the CPU and
 * starve the HTTP thread (ADR 0015).
 */
export const ENGINE_THREADS_ENV = 'ATELIER_ENGINE_THREADS';

/** Threads an engine step (onnxruntime's intra-op pool, libvips) may use in this process. */
export function computeThreads(): number {
  const fromPool = Number(process.env[ENGINE_THREADS_ENV]);
  return Number.isInteger(fromPool) && fromPool > 0 ? fromPool : os.availableParallelism();
}
