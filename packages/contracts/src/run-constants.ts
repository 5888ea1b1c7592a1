// The run constants apart from the run schemas (runs.ts), so the SPA can use them without
// shipping zod: a zod chain the bundler cannot prove pure would keep zod in a chunk the home
// route shares (see tool-schemas.ts for the same split of the tool catalogue).

/** A run moves queued → running → succeeded | failed (tools.md §4); a failed run is refunded. */
export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const isFinishedStatus = (s: RunStatus) => s === 'succeeded' || s === 'failed';

/** SSE events of `GET /api/runs/{id}/events`: `progress` while it runs, then one `end`. */
export const RUN_EVENTS = { progress: 'progress', end: 'end' } as const;

/**
 * A background removal that failed in the browser may be reported (and refunded) this long after
 * the run was recorded: time to download the model and work (ADR 0007, addendum).
 */
export const BROWSER_FAILURE_WINDOW_MINUTES = 15;
/** Refunds of failed browser runs per user in any 24 hours; beyond, a security event instead. */
export const BROWSER_REFUNDS_PER_DAY = 3;
