import { z } from 'zod';

/**
 * The environment of running Atelier as a service (issue 17): the private metrics listener,
 * readiness during shutdown, and who is an admin. Spread into the main config schema.
 */
export const operationsEnv = {
  /** Unset: no metrics listener at all. 0 lets the system choose (tests). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  READY_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  ADMIN_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses')))
    .optional(),
};

type OperationsEnv = z.output<z.ZodObject<typeof operationsEnv>>;

export function operationsConfig(env: OperationsEnv) {
  return {
    metrics: env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.METRICS_HOST },
    readyDrainDelayMs: env.READY_DRAIN_DELAY_MS,
    /** Lower-cased; these accounts become admins when they sign in with a verified address. */
    adminEmails: env.ADMIN_EMAILS ?? [],
  };
}
