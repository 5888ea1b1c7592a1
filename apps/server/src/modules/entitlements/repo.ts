import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { type PlanGrantRow, planGrants, profiles } from '../../platform/db/schema/index.ts';

/** SQL of plan grants and the plan a profile records; the subscription row is billing's (`billing/repo.ts`). */

/** The plan written on the profile (`lifetime` once bought or earned). */
export async function findProfilePlan(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ plan: profiles.subscriptionType }).from(profiles).where(eq(profiles.userId, userId));
  return row?.plan;
}

/** The plans of the account's grants that have not ended by `now`. */
export async function listRunningGrantPlansOf(db: DbOrTx, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ plan: planGrants.plan })
    .from(planGrants)
    .where(and(eq(planGrants.userId, userId), or(isNull(planGrants.endsAt), gt(planGrants.endsAt, now))));
  return rows.map((row) => row.plan);
}

export async function insertPlanGrant(db: DbOrTx, values: typeof planGrants.$inferInsert): Promise<PlanGrantRow> {
  const [row] = await db.insert(planGrants).values(values).returning();
  return row!;
}
