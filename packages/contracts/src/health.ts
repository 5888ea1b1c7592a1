import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** What GET /api/ready checks; `queue` only where the process works on runs. */
export const READINESS_CHECKS = ['database', 'storage', 'queue', 'shutdown'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  /** Each check's outcome: `ok`, or why it failed (`draining` for a process shutting down). */
  checks: z.partialRecord(z.enum(READINESS_CHECKS), z.string()),
  /** The checks that failed; empty when ready. */
  failing: z.array(z.enum(READINESS_CHECKS)),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

/**
 * While the database does not answer, API calls answer 503 SERVICE_UNAVAILABLE with this many
 * seconds in Retry-After: about how long a restart or fail-over of PostgreSQL takes, and the
 * processes reconnect by themselves as soon as it is back.
 */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
/**
 * Reconnecting to the database (the LISTEN connection) and retrying the writes that end a run
 * wait this long first, doubling each time up to the maximum: quick after a blip, one attempt
 * every few seconds during a longer outage.
 */
export const DATABASE_RETRY_MIN_DELAY_MS = 100;
export const DATABASE_RETRY_MAX_DELAY_MS = 3_000;
