import { isFinishedStatus, type Run } from '@atelier/contracts';
import { isServiceUnavailable } from '../../platform/db/unavailable.ts';
import type { RunWatcher } from './run-events.ts';
import type { RunDeps } from './service.ts';
import * as service from './service.ts';

/** While a run is followed and no notification arrives, it is re-read this often. */
const POLL_MS = 2000;

export interface FollowOptions {
  stopped: () => boolean;
  onRead?: (run: Run) => Promise<void> | void;
  /** Gets the function that cuts the current wait short (a closed stream, a deadline). */
  onWakeable?: (wake: () => void) => void;
}

/**
 * Reads a run again whenever it changes (a notification) or every POLL_MS, handing each read to
 * `onRead`, until it ends, `stopped()` says so, or the process stops its watchers (a stopping
 * process ends its streams; the page reads the run again and reconnects). While the database
 * does not answer, the last read stands and the next poll reads again. Returns the last read.
 */
export async function followRun(
  deps: RunDeps,
  watcher: RunWatcher,
  userId: string,
  first: Run,
  o: FollowOptions,
): Promise<Run> {
  let run = first;
  let wake: (() => void) | undefined;
  const unwatch = await watcher.watch(run.id, () => wake?.());
  o.onWakeable?.(() => wake?.());
  try {
    while (!o.stopped() && !watcher.closed) {
      await o.onRead?.(run);
      if (isFinishedStatus(run.status)) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (watcher.closed) break;
      run = await service.getRun(deps, userId, run.id).catch((error: unknown) => {
        if (isServiceUnavailable(error)) return run;
        throw error;
      });
    }
  } finally {
    unwatch();
  }
  return run;
}

/**
 * `Prefer: wait=N`: the run as it is when it ends or when N seconds have passed, whichever
 * comes first (a browser run is recorded, not worked on here: it is answered at once).
 */
export async function waitForEnd(
  deps: RunDeps,
  watcher: RunWatcher,
  userId: string,
  run: Run,
  seconds: number,
): Promise<Run> {
  if (run.clientSide || seconds === 0 || isFinishedStatus(run.status)) return run;
  const deadline = Date.now() + seconds * 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await followRun(deps, watcher, userId, run, {
      stopped: () => Date.now() >= deadline,
      onWakeable: (wake) => {
        timer = setTimeout(wake, seconds * 1000);
      },
    });
  } finally {
    clearTimeout(timer);
  }
}
