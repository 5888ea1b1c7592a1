import type { DbOrTx } from '../../platform/db/database.ts';
import type { PlanGrantSource } from '../../platform/db/schema/index.ts';
import { insertPlanGrant } from './repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A referral reward's "one month of Pro" (one referral earns it): Pro's entitlements for this long. */
export const REFERRAL_PRO_MONTH_DAYS = 30;

/**
 * Gives an account a plan without a payment (ADR 0032): from now for `days` (none: no end).
 * The account then has the plan's entitlements like a buyer; credits are granted separately.
 */
export async function grantPlan(
  tx: DbOrTx,
  grant: {
    userId: string;
    plan: 'pro' | 'studio' | 'lifetime';
    source: PlanGrantSource;
    reason: string;
    days?: number;
  },
  now = new Date(),
) {
  return insertPlanGrant(tx, {
    userId: grant.userId,
    plan: grant.plan,
    source: grant.source,
    reason: grant.reason,
    endsAt: grant.days === undefined ? null : new Date(now.getTime() + grant.days * DAY_MS),
    createdAt: now,
  });
}
