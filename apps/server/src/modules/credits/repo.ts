import { and, eq, inArray, isNull, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { type CreditReason, creditLedger, profiles, teams } from '../../platform/db/schema/index.ts';

/** SQL of balances and the credit ledger; the service decides what a change may do. */

/** The user's balance, locked (SELECT … FOR UPDATE) so concurrent changes of it queue up. */
export async function findUserBalanceForUpdate(db: DbOrTx, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ credits: profiles.credits })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for('update');
  return row?.credits;
}

/** A team pool's balance, locked like the user's. */
export async function findTeamBalanceForUpdate(db: DbOrTx, teamId: string): Promise<number | undefined> {
  const [row] = await db.select({ credits: teams.credits }).from(teams).where(eq(teams.id, teamId)).for('update');
  return row?.credits;
}

export async function findUserBalance(db: DbOrTx, userId: string): Promise<number | undefined> {
  const [row] = await db.select({ credits: profiles.credits }).from(profiles).where(eq(profiles.userId, userId));
  return row?.credits;
}

export async function updateUserBalance(db: DbOrTx, userId: string, credits: number): Promise<void> {
  await db.update(profiles).set({ credits, updatedAt: new Date() }).where(eq(profiles.userId, userId));
}

export async function updateTeamBalance(db: DbOrTx, teamId: string, credits: number): Promise<void> {
  await db.update(teams).set({ credits, updatedAt: new Date() }).where(eq(teams.id, teamId));
}

/** Whether a change with this idempotency key is in the ledger already. */
export async function findLedgerEntryByKey(db: DbOrTx, idempotencyKey: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, idempotencyKey));
  return row;
}

export async function insertLedgerEntry(db: DbOrTx, values: typeof creditLedger.$inferInsert): Promise<void> {
  await db.insert(creditLedger).values(values);
}

/** The sum of the user's own-balance ledger rows (not a team's) with these reasons. */
export async function sumOwnLedgerOf(db: DbOrTx, userId: string, reasons: readonly CreditReason[]): Promise<number> {
  const [row] = await db
    .select({ total: sum(creditLedger.amount) })
    .from(creditLedger)
    .where(
      and(eq(creditLedger.userId, userId), isNull(creditLedger.teamId), inArray(creditLedger.reason, [...reasons])),
    );
  return Number(row?.total ?? 0);
}
