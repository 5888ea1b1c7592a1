import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { type BatchRow, batches, type RunRow, runs } from '../../platform/db/schema/index.ts';
import { isMemberOf } from '../teams/repo.ts';

/** SQL of batches; every read of a user's batch is scoped by owner id. */

export async function insertBatch(tx: DbOrTx, values: typeof batches.$inferInsert): Promise<BatchRow> {
  const [row] = await tx.insert(batches).values(values).returning();
  return row!;
}

/** A personal batch of the user's, or a team's batch while the user is a member of the team. */
export async function findBatchOfUser(db: DbOrTx, id: string, userId: string): Promise<BatchRow | undefined> {
  const [row] = await db
    .select()
    .from(batches)
    .where(
      and(
        eq(batches.id, id),
        or(
          and(isNull(batches.teamId), eq(batches.userId, userId)),
          and(isNotNull(batches.teamId), isMemberOf(batches.teamId, userId)),
        ),
      ),
    );
  return row;
}

/** A batch's runs in the order its images were sent (they were inserted in that order, a millisecond apart at most). */
export function runsOfBatch(db: DbOrTx, batchId: string): Promise<RunRow[]> {
  return db.select().from(runs).where(eq(runs.batchId, batchId)).orderBy(asc(runs.createdAt), asc(runs.id));
}

/**
 * Marks a batch completed when none of its runs is still queued or running, once: the one
 * caller that gets the row back announces `batch.completed`. Run inside the transaction that
 * ended a run, after that run's update, so the last of concurrent endings sees them all.
 */
export async function completeBatchIfDone(tx: DbOrTx, batchId: string): Promise<BatchRow | undefined> {
  // Runs of one batch ending at once queue up here; each check then sees the others' commits.
  await tx.select({ id: batches.id }).from(batches).where(eq(batches.id, batchId)).for('update');
  const [row] = await tx
    .update(batches)
    .set({ completedAt: sql`now()` })
    .where(
      and(
        eq(batches.id, batchId),
        isNull(batches.completedAt),
        sql`NOT EXISTS (SELECT 1 FROM ${runs} WHERE ${runs.batchId} = ${batchId} AND ${inArray(runs.status, ['queued', 'running'])})`,
      ),
    )
    .returning();
  return row;
}
