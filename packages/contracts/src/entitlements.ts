import { z } from 'zod';
import { API_KEYS_PER_USER, BATCH_MAX_IMAGES } from './limits.ts';
import { PLAN_IDS, PLANS, type PlanId } from './plans.ts';
import type { ToolId } from './tools.ts';

/**
 * What each plan gives (ADR 0032). The server decides every gate from this table and the
 * pricing page draws its cards from it, so a card never sells what the server does not enforce.
 *
 * - `tools`, `gallery`, `referrals`: every account, Free included.
 * - `batches`: many images through one tool in one request (`POST /api/tools/{tool}/batches`).
 * - `apiKeys`: personal API keys; a key of an account without it answers 403 PLAN_REQUIRED.
 * - `webhooks`: signed webhooks (`webhookUrl` on a run or batch, the signing secret).
 * - `queuePriority`: a run waiting for a worker starts before the waiting runs of plans without it.
 * - `advancedOptions`: the tool options of ADVANCED_OPTIONS below.
 * - `experienceCodes`: seven-day experience codes to hand out (Studio: 3 a month).
 * - `teams`: Studio teams — a shared credit pool and library, owner/admin/member roles, TEAM_SEATS_MAX seats.
 */
export const FEATURES = [
  'tools',
  'gallery',
  'referrals',
  'batches',
  'apiKeys',
  'webhooks',
  'queuePriority',
  'advancedOptions',
  'experienceCodes',
  'teams',
] as const;
export type Feature = (typeof FEATURES)[number];

export interface PlanLimits {
  /** Input images one request may carry: 1 on Free (no batches), BATCH_MAX_IMAGES with batches. */
  imagesPerRequest: number;
  /** Personal API keys held at once (0: none may be created). */
  apiKeys: number;
  /** The pg-boss priority of the plan's runs: a higher number is fetched first. */
  queuePriority: number;
}

export interface PlanEntitlements {
  features: Feature[];
  limits: PlanLimits;
}

const FREE_FEATURES: Feature[] = ['tools', 'gallery', 'referrals'];
const PRO_FEATURES: Feature[] = [
  ...FREE_FEATURES,
  'batches',
  'apiKeys',
  'webhooks',
  'queuePriority',
  'advancedOptions',
];
const STUDIO_FEATURES: Feature[] = [...PRO_FEATURES, 'experienceCodes', 'teams'];

const PAID_LIMITS: PlanLimits = { imagesPerRequest: BATCH_MAX_IMAGES, apiKeys: API_KEYS_PER_USER, queuePriority: 1 };

/** The one table: features and limits per plan. Lifetime has everything. */
export const ENTITLEMENTS: Record<PlanId, PlanEntitlements> = {
  free: { features: FREE_FEATURES, limits: { imagesPerRequest: 1, apiKeys: 0, queuePriority: 0 } },
  pro: { features: PRO_FEATURES, limits: PAID_LIMITS },
  studio: { features: STUDIO_FEATURES, limits: PAID_LIMITS },
  lifetime: { features: [...FEATURES], limits: PAID_LIMITS },
};

export function hasFeature(plan: PlanId, feature: Feature): boolean {
  return ENTITLEMENTS[plan].features.includes(feature);
}

/** The cheapest plan (lowest rank) that has a feature: what a PLAN_REQUIRED answer names. */
export function requiredPlanFor(feature: Feature): PlanId {
  const plan = [...PLAN_IDS].sort((a, b) => PLANS[a].rank - PLANS[b].rank).find((id) => hasFeature(id, feature));
  return plan ?? 'lifetime';
}

/** The plan with the higher rank of two (several grants at once: the best one counts). */
export const higherPlan = (a: PlanId, b: PlanId): PlanId => (PLANS[b].rank > PLANS[a].rank ? b : a);

// --- advanced tool options ------------------------------------------------------------------

/**
 * The tool options that need `advancedOptions` (ADR 0032): refinements, never what a tool needs
 * to be used. A negative prompt steers the raster tools finely; the creative upscale is a
 * generative re-render that costs the operator several times a crisp one. Every other option —
 * including 1–6 images per generation — stays on every plan.
 */
export const ADVANCED_OPTIONS: readonly {
  tools: readonly ToolId[];
  option: string;
  /** Whether a given (already validated) value is the advanced use; absent: any value given. */
  isAdvanced?: (value: unknown) => boolean;
}[] = [
  { tools: ['image-generation', 'image-to-image', 'replace-background'], option: 'negative_prompt' },
  { tools: ['image-upscale'], option: 'upscaleType', isAdvanced: (value) => value === 'creative' },
];

/** The advanced options a run's validated options use (empty: any plan may run them). */
export function advancedOptionsUsed(tool: ToolId, options: Record<string, unknown>): string[] {
  return ADVANCED_OPTIONS.filter(
    (a) =>
      a.tools.includes(tool) &&
      options[a.option] !== undefined &&
      options[a.option] !== '' &&
      (a.isAdvanced ? a.isAdvanced(options[a.option]) : true),
  ).map((a) => a.option);
}

/** Whether an option (and, for value-bound ones, that value) of a tool is advanced. */
export function isAdvancedOption(tool: ToolId, option: string, value?: unknown): boolean {
  return ADVANCED_OPTIONS.some(
    (a) =>
      a.tools.includes(tool) && a.option === option && (!a.isAdvanced || value === undefined || a.isAdvanced(value)),
  );
}

// --- pricing cards --------------------------------------------------------------------------

/**
 * Features a pricing card names: every one the server enforces. `tools`, `gallery` and
 * `referrals` are Free's own lines.
 */
export const PRICED_FEATURES: readonly Feature[] = FEATURES;

/**
 * The lines of a plan's card: the plan it builds on (`includes`, the next lower rank, whose lines
 * are not repeated) and the features it adds. Lifetime builds on Studio.
 */
export function pricingCard(plan: PlanId): { includes: PlanId | null; features: Feature[] } {
  const lower = [...PLAN_IDS]
    .filter((id) => PLANS[id].rank < PLANS[plan].rank)
    .sort((a, b) => PLANS[b].rank - PLANS[a].rank)[0];
  const inherited = lower ? ENTITLEMENTS[lower].features : [];
  return {
    includes: lower ?? null,
    features: ENTITLEMENTS[plan].features.filter((f) => PRICED_FEATURES.includes(f) && !inherited.includes(f)),
  };
}

export const planIdSchema = z.enum(PLAN_IDS).meta({ id: 'PlanId' });

export const featureSchema = z.enum(FEATURES).meta({
  id: 'Feature',
  description:
    'A feature a plan may include: tools, gallery, referrals (every plan); batches, apiKeys, webhooks, ' +
    'queuePriority, advancedOptions (Pro and up); experienceCodes, teams (Studio and up).',
});

export const entitlementsSchema = z
  .object({
    features: z.array(featureSchema),
    limits: z.object({
      imagesPerRequest: z.number().int().describe('Input images one request may carry (1 on Free: no batches)'),
      apiKeys: z.number().int().describe('Personal API keys held at once'),
      queuePriority: z.number().int().describe('Higher runs start first when runs wait for a worker'),
    }),
  })
  .meta({ id: 'Entitlements', description: 'What a plan gives: its features and limits.' });
