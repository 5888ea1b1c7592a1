import { z } from 'zod';

/**
 * The environment of payments, spread into the main config schema so one boot check lists
 * every problem. PAYMENTS defaults to stripe when a Stripe key is set, else to the sandbox.
 */
export const paymentsEnv = {
  PAYMENTS: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Only for tests against a local fake of the Stripe API (http://127.0.0.1:port). */
  STRIPE_API_BASE: z.url().optional(),
};

type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnv>>;

const paymentsKind = (env: PaymentsEnv) => env.PAYMENTS ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox');

export function checkPaymentsEnv(env: PaymentsEnv, ctx: z.RefinementCtx) {
  if (paymentsKind(env) !== 'stripe') return;
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when PAYMENTS=stripe' });
  }
}

export type PaymentsConfig =
  | { kind: 'sandbox' }
  | { kind: 'stripe'; secretKey: string; webhookSecret: string; apiBase: string | undefined };

export function paymentsConfig(env: PaymentsEnv): { payments: PaymentsConfig } {
  if (paymentsKind(env) === 'sandbox') return { payments: { kind: 'sandbox' } };
  return {
    payments: {
      kind: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      apiBase: env.STRIPE_API_BASE,
    },
  };
}
