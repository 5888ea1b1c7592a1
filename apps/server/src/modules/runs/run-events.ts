import { sql } from 'drizzle-orm';
import type { DatabaseHandle, DbOrTx } from '../../platform/db/database.ts';

/**
 * Run changes travel as PostgreSQL NOTIFY on one channel with the run id as payload, so a
 * worker in another process reaches the API process that holds a client's SSE stream.
 * Sent inside the writer's transaction, a notification arrives only once the change is
 * committed. Listeners re-read the row: a notification is a hint, never the data.
 */
const CHANNEL = 'atelier_run_changed';

export async function notifyRunChanged(db: DbOrTx, runId: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${CHANNEL}, ${runId})`);
}

export interface RunWatcher {
  /** Calls `onChange` whenever the run may have changed; returns the unsubscribe function. */
  watch(runId: string, onChange: () => void): Promise<() => void>;
  /** True once the process is stopping: streams end (clients reconnect to another process). */
  readonly closed: boolean;
  /** Wakes every stream for the last time and stops listening. */
  close(): Promise<void>;
}

/** One LISTEN per process, fanned out to the streams that watch each run. */
export function createRunWatcher(database: DatabaseHandle): RunWatcher {
  const watchers = new Map<string, Set<() => void>>();
  let listening: Promise<() => Promise<void>> | undefined;
  let closed = false;
  let closing: Promise<void> | undefined;
  return {
    get closed() {
      return closed;
    },
    async watch(runId, onChange) {
      if (closed) return () => {};
      listening ??= database.listen(
        CHANNEL,
        (id) => {
          for (const fn of watchers.get(id) ?? []) fn();
        },
        // LISTEN was lost for a while (the database restarted): every stream re-reads its run.
        () => {
          for (const set of watchers.values()) for (const fn of set) fn();
        },
      );
      const set = watchers.get(runId) ?? new Set();
      watchers.set(runId, set);
      set.add(onChange);
      // Without LISTEN the stream still works: it polls.
      await listening.catch(() => {});
      return () => {
        set.delete(onChange);
        if (set.size === 0) watchers.delete(runId);
      };
    },
    close() {
      closed = true;
      for (const set of watchers.values()) for (const fn of set) fn();
      watchers.clear();
      closing ??= (async () => {
        if (listening) await (await listening.catch(() => async () => {}))();
      })();
      return closing;
    },
  };
}
