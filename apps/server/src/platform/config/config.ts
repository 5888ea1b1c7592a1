import path from 'node:path';
import { z } from 'zod';
import { booleanFromEnv } from './boolean-from-env.ts';
import { operationsConfig, operationsEnv } from './operations-config.ts';
import { checkPaymentsEnv, paymentsConfig, paymentsEnv } from './payments-config.ts';
import { checkRunPipelineEnv, runPipelineConfig, runPipelineEnv } from './run-pipeline-config.ts';

/** A container platform's usual wait between SIGTERM and SIGKILL. */
const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/**
 * The whole configuration, read once from the environment at boot. Every variable is
 * documented in `.env.example`; an invalid environment stops the boot with a list of
 * every problem, not just the first.
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: booleanFromEnv.default(false),
    WEB_DIST_DIR: z.string().optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Atelier <no-reply@atelier.local>'),
    STORAGE: z.enum(['local', 's3']).default('local'),
    WORKER: z.enum(['inline', 'off']).default('inline'),
    /** Webhooks may reach private, loopback and link-local addresses (tests, a private network). */
    WEBHOOK_ALLOW_PRIVATE: booleanFromEnv.default(false),
    ...runPipelineEnv,
    ...paymentsEnv,
    ...operationsEnv,
    // How long SIGTERM/SIGINT may take in all; SHUTDOWN_TIMEOUT_MS is its older name.
    SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().optional(),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
    // Sign in with Apple (OpenID Connect). Unset APPLE_CLIENT_ID: no Apple button.
    APPLE_CLIENT_ID: z.string().optional(),
    APPLE_CLIENT_SECRET: z.string().optional(),
    APPLE_TEAM_ID: z.string().optional(),
    APPLE_KEY_ID: z.string().optional(),
    APPLE_PRIVATE_KEY: z.string().optional(),
    APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
  })
  .superRefine((env, ctx) => {
    const signingKey = env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY;
    if (env.APPLE_CLIENT_ID && !env.APPLE_CLIENT_SECRET && !signingKey) {
      ctx.addIssue({
        code: 'custom',
        path: ['APPLE_CLIENT_ID'],
        message: 'needs APPLE_CLIENT_SECRET, or APPLE_TEAM_ID + APPLE_KEY_ID + APPLE_PRIVATE_KEY',
      });
    }
  })
  .superRefine(checkRunPipelineEnv)
  .superRefine(checkPaymentsEnv)
  .transform((env) => {
    const dataDir = path.resolve(env.DATA_DIR);
    const port = env.PORT;
    return {
      nodeEnv: env.NODE_ENV,
      isProduction: env.NODE_ENV === 'production',
      port,
      host: env.HOST,
      dataDir,
      databaseUrl: env.DATABASE_URL,
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
      logLevel: env.LOG_LEVEL,
      trustProxy: env.TRUST_PROXY,
      webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
      sessionSecret: env.SESSION_SECRET,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      storage: env.STORAGE,
      worker: env.WORKER,
      webhooks: {
        allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
        // Plain http only outside production (a local receiver while developing).
        requireHttps: env.NODE_ENV === 'production',
      },
      ...runPipelineConfig(env),
      ...paymentsConfig(env),
      ...operationsConfig(env),
      shutdownGraceMs: env.SHUTDOWN_GRACE_MS ?? env.SHUTDOWN_TIMEOUT_MS ?? DEFAULT_SHUTDOWN_GRACE_MS,
      apple: env.APPLE_CLIENT_ID
        ? {
            clientId: env.APPLE_CLIENT_ID,
            clientSecret: env.APPLE_CLIENT_SECRET,
            teamId: env.APPLE_TEAM_ID,
            keyId: env.APPLE_KEY_ID,
            // .env files keep a PEM on one line with literal \n.
            privateKey: env.APPLE_PRIVATE_KEY?.replace(/\\n/g, '\n'),
            issuer: env.APPLE_ISSUER.replace(/\/$/, ''),
          }
        : undefined,
    };
  });

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws a ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  return result.data;
}
