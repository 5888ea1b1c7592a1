import { createRequire } from 'node:module';

/**
 * pg-boss 10 marks a job done (or failed) after its handler returns without awaiting the
 * promise (`this.complete(…)` in its worker loop). With the database away at that moment —
 * an outage, or a pool that cannot connect in time on a loaded machine — the rejection went
 * unhandled, and an unhandled rejection ends a Node process. Here both calls hand their error
 * to the queue's 'error' event, where every other pg-boss error goes: the job stays active
 * until it expires and is retried, and a run's own row already says how it ended.
 *
 * The worker loop calls them on its Manager, which PgBoss keeps private: the prototype is the
 * one place to catch them. Applied once per process.
 */
interface SettlingManager {
  complete(...args: unknown[]): Promise<unknown>;
  fail(...args: unknown[]): Promise<unknown>;
  emit(event: string, payload: unknown): boolean;
}

let applied = false;

export function settleJobCompletionsThroughErrors() {
  if (applied) return;
  applied = true;
  const require = createRequire(import.meta.url);
  const Manager = require('pg-boss/src/manager.js') as { prototype: SettlingManager };
  for (const method of ['complete', 'fail'] as const) {
    const settle = Manager.prototype[method];
    Manager.prototype[method] = function (this: SettlingManager, ...args: unknown[]) {
      return settle.apply(this, args).catch((err: unknown) => {
        this.emit('error', err);
        return undefined;
      });
    };
  }
}
