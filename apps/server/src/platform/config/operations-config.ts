import { SIGN_UPS_PER_CLIENT_PER_HOUR, SIGN_UPS_PER_DOMAIN_PER_WINDOW } from '@atelier/contracts';
import { z } from 'zod';
import { booleanFromEnv } from './boolean-from-env.ts';

/**
 * The environment of running Atelier as a service: the private metrics listener,
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
  ADMIN_REQUIRE_2FA: booleanFromEnv.default(false),
  SIGN_UPS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(SIGN_UPS_PER_CLIENT_PER_HOUR),
  SIGN_UPS_PER_DOMAIN_PER_WINDOW: z.coerce.number().int().min(1).default(SIGN_UPS_PER_DOMAIN_PER_WINDOW),
};

type OperationsEnv = z.output<z.ZodObject<typeof operationsEnv>>;

export function operationsConfig(env: OperationsEnv) {
  return {
    metrics: env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.METRICS_HOST },
    readyDrainDelayMs: env.READY_DRAIN_DELAY_MS,
    /**
     * Lower-cased; these accounts become admins when they sign in with their password after
     * their address was proven (modules/admin/roles.ts).
     */
    adminEmails: env.ADMIN_EMAILS ?? [],
    /** The admin console only for sessions made with a second factor (an authenticator code). */
    adminRequireSecondFactor: env.ADMIN_REQUIRE_2FA,
    /** How many accounts one client address, and one e-mail domain, may open (modules/auth). */
    signUpLimits: {
      perClientPerHour: env.SIGN_UPS_PER_CLIENT_PER_HOUR,
      perDomainPerWindow: env.SIGN_UPS_PER_DOMAIN_PER_WINDOW,
    },
  };
}
