import { createEnginePool, type EnginePool } from '../../src/engines/local/pool/engine-pool.ts';
import { createLogger } from '../../src/platform/logging/logger.ts';

// On globalThis rather than in this module: a worker that evaluated the module again for a
// file would otherwise start a second set of processes and leave the first running.
const KEY = Symbol.for('atelier.test.engine-pools');
const store = globalThis as { [KEY]?: Map<number, EnginePool> };

/**
 * One engine pool per test worker and size, shared by the runtimes the worker's files make.
 * A runtime's first local run otherwise starts its processes and loads the model anew: 4–6 s
 * a runtime, more beside the other worker. The runs themselves stay the runtimes' own: a
 * runtime's close aborts its runs in progress (the drain), which ends their processes, and the
 * pool starts fresh ones. The processes end with the worker: an engine process exits when its
 * parent's channel closes (engine-worker.ts).
 */
export function sharedEnginePool(size: number): EnginePool {
  store[KEY] ??= new Map();
  let pool = store[KEY].get(size);
  if (!pool) {
    pool = createEnginePool({ size, logger: createLogger('silent') });
    store[KEY].set(size, pool);
  }
  return pool;
}
