// The run constants apart from the run schemas (runs.ts), so the SPA can use them without
// shipping zod: a zod chain the bundler cannot prove pure would keep zod in a chunk the home
// route shares (see tool-schemas.ts for the same split of the tool catalogue).

/** A run moves queued → running → succeeded | failed; a failed run is refunded. */
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

/**
 * Tools whose `image` may be an earlier run's output (`inputRunId` + `outputIndex` in place of
 * the file): the image-in tools the server runs. Background removal takes one too, but in the
 * browser, which fetches the output itself.
 */
export const CHAINABLE_TOOLS = [
  'image-upscale',
  'vectorization',
  'ai-eraser',
  'ai-photo-editor',
  'inpainting',
  'image-to-image',
  'replace-background',
] as const;
/** Tools that take a batch of images (`POST /api/tools/{tool}/batches`): one server run per image. */
export const BATCH_TOOLS = [
  'ai-eraser',
  'image-upscale',
  'vectorization',
  'ai-photo-editor',
  'replace-background',
] as const;
export type BatchToolId = (typeof BATCH_TOOLS)[number];
/** Events a webhook receives (Standard Webhooks, signed with the user's `whsec_` secret). */
export const WEBHOOK_EVENT_TYPES = ['run.succeeded', 'run.failed', 'batch.completed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
