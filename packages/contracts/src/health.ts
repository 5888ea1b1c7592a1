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
