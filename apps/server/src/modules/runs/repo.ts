import { and, desc, eq, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { type RunRow, runs, type StoredOutput } from '../../platform/db/schema/index.ts';
import { waitingJobWhere } from '../../platform/jobs/job-queue.ts';
import { isMemberOf } from '../teams/repo.ts';

/** SQL of the runs table. Every read of a user's runs is scoped by owner id. */

export type NewRun = typeof runs.$inferInsert;

export async function insertRun(tx: DbOrTx, values: NewRun): Promise<RunRow> {
  const [row] = await tx.insert(runs).values(values).returning();
  return row!;
}

export async function findRun(db: DbOrTx, id: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(runs).where(eq(runs.id, id));
  return row;
}

/** The owner of a run (to queue it at their priority). */
export async function findRunOwner(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: runs.userId }).from(runs).where(eq(runs.id, id));
  return row?.userId;
}

/** A personal run of the user, or a team run they started while they are still a member. */
const startedBy = (userId: string) =>
  and(eq(runs.userId, userId), or(isNull(runs.teamId), isMemberOf(runs.teamId, userId)));

/** Who may see a run: its owner (a personal run) or the team's members now (a team run). */
const visibleTo = (userId: string) =>
  or(and(isNull(runs.teamId), eq(runs.userId, userId)), and(isNotNull(runs.teamId), isMemberOf(runs.teamId, userId)));

/** A run the user started (and may run again or build on); a team's once they left it is not. */
export async function findRunOfUser(db: DbOrTx, id: string, userId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(runs)
    .where(and(eq(runs.id, id), startedBy(userId)));
  return row;
}

/** A run the user may see: their own, or any member's run of a team they belong to now. */
export async function findRunVisibleTo(db: DbOrTx, id: string, userId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(runs)
    .where(and(eq(runs.id, id), visibleTo(userId)));
  return row;
}

/**
 * Whether `viewerId` may read the run file `key` of `owner`'s folder: a personal run's files are
 * its owner's, a team run's every member's now (its starter's too only while a member).
 */
export async function mayReadRunFile(db: DbOrTx, key: string, owner: string, viewerId: string): Promise<boolean> {
  const runId = key.split('/')[2];
  const [row] =
    runId && /^[0-9a-f-]{36}$/.test(runId)
      ? await db.select({ userId: runs.userId, teamId: runs.teamId }).from(runs).where(eq(runs.id, runId))
      : [];
  if (!row?.teamId) return owner === viewerId && (!row || row.userId === owner);
  const [visible] = await db
    .select({ id: runs.id })
    .from(runs)
    .where(and(eq(runs.id, runId!), eq(runs.userId, owner), visibleTo(viewerId)));
  return !!visible;
}

/**
 * Newest first; `after` is the (createdAt, id) of the last row of the previous page. Without a
 * team, the user's personal runs; with one, every member's runs of that team (the caller
 * checked membership).
 */
export function listRunsOfUser(
  db: DbOrTx,
  userId: string,
  limit: number,
  after?: { createdAt: Date; id: string },
  teamId?: string,
): Promise<RunRow[]> {
  const older = after
    ? or(lt(runs.createdAt, after.createdAt), and(eq(runs.createdAt, after.createdAt), lt(runs.id, after.id)))
    : undefined;
  const whose = teamId ? eq(runs.teamId, teamId) : and(eq(runs.userId, userId), isNull(runs.teamId));
  return db.select().from(runs).where(and(whose, older)).orderBy(desc(runs.createdAt), desc(runs.id)).limit(limit);
}

const leaseFromNow = (leaseMs: number) => sql`now() + ${leaseMs}::int * interval '1 millisecond'`;

/**
 * Runs queued before the one being claimed whose job is still waiting in `queue`: the ones it
 * goes ahead of (pg-boss fetches a higher priority first). Counted on the first claim only; a
 * run handed back keeps what it had.
 */
const overtakenOnFirstClaim = (queue: string) => sql`CASE WHEN ${runs.attempts} = 0 THEN (
  SELECT count(*)::int FROM ${runs} AS earlier
  WHERE earlier.status = 'queued' AND earlier.created_at < ${sql.raw('"runs"."created_at"')}
    AND ${waitingJobWhere(queue, 'runId', sql`earlier.id`)}
) ELSE ${runs.overtook} END`;

/**
 * Takes a queued run for one attempt; undefined when another worker has it or it is finished.
 * `queue` is the run queue, whose waiting jobs say which earlier runs this one overtook.
 */
export async function claimRun(db: DbOrTx, id: string, leaseMs: number, queue: string): Promise<RunRow | undefined> {
  const [row] = await db
    .update(runs)
    .set({
      status: 'running',
      overtook: overtakenOnFirstClaim(queue),
      attempts: sql`${runs.attempts} + 1`,
      leaseExpiresAt: leaseFromNow(leaseMs),
      heartbeatAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(runs.id, id), eq(runs.status, 'queued')))
    .returning();
  return row;
}

const heldBy = (id: string, attempt: number) =>
  and(eq(runs.id, id), eq(runs.status, 'running'), eq(runs.attempts, attempt));

/** Saves progress and extends the lease; false when this attempt no longer holds the run. */
export async function recordProgress(
  db: DbOrTx,
  id: string,
  attempt: number,
  progress: number,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(runs)
    .set({
      progress: sql`GREATEST(${runs.progress}, ${progress}::int)`,
      leaseExpiresAt: leaseFromNow(leaseMs),
      heartbeatAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(heldBy(id, attempt))
    .returning({ id: runs.id });
  return rows.length > 0;
}

/** How a run ends: its final status and what goes with it. */
interface RunEnd {
  status: 'succeeded' | 'failed';
  progress: number;
  outputs?: StoredOutput[];
  error?: NonNullable<RunRow['error']>;
  refunded?: boolean | SQL;
}

/**
 * Writes a run's end where `where` still holds: the final status, no lease from then on, and the
 * time it finished. Undefined when `where` no longer matches (another attempt or end won).
 */
async function endRun(db: DbOrTx, where: SQL | undefined, end: RunEnd): Promise<RunRow | undefined> {
  const [row] = await db
    .update(runs)
    .set({ ...end, leaseExpiresAt: null, updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(where)
    .returning();
  return row;
}

export async function completeRun(
  db: DbOrTx,
  id: string,
  attempt: number,
  outputs: StoredOutput[],
): Promise<RunRow | undefined> {
  return endRun(db, heldBy(id, attempt), { status: 'succeeded', progress: 100, outputs });
}

/**
 * Whether this attempt ended the run as succeeded: tells a commit whose answer was lost with
 * the connection from a run the sweeper gave up meanwhile.
 */
export async function succeededBy(db: DbOrTx, id: string, attempt: number): Promise<boolean> {
  const rows = await db
    .select({ id: runs.id })
    .from(runs)
    .where(and(eq(runs.id, id), eq(runs.status, 'succeeded'), eq(runs.attempts, attempt)));
  return rows.length > 0;
}

/**
 * Gives a run this attempt still holds back to the queue, as if it had never been claimed:
 * the process is stopping, which is no fault of the run, so the attempt is not counted.
 * False when the attempt no longer holds it (it finished, or was given up meanwhile).
 */
export async function handBackRun(tx: DbOrTx, id: string, attempt: number): Promise<boolean> {
  const rows = await tx
    .update(runs)
    .set({
      status: 'queued',
      attempts: sql`${runs.attempts} - 1`,
      progress: 0,
      leaseExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(heldBy(id, attempt))
    .returning({ id: runs.id });
  return rows.length > 0;
}

/**
 * Ends the lease of every running run, for the sweeper to take them at once. Only for the
 * embedded database at start-up: its folder lock guarantees that no other process is alive to
 * be working on them, so they were left by a process that died.
 */
export async function expireAllLeases(db: DbOrTx): Promise<void> {
  await db
    .update(runs)
    .set({ leaseExpiresAt: sql`now() - interval '1 millisecond'` })
    .where(eq(runs.status, 'running'));
}

/**
 * Marks a run failed (and refunded: the caller refunds in the same transaction). With an
 * attempt, only while that attempt holds it; without, whenever the run is not finished.
 */
export async function markFailed(
  tx: DbOrTx,
  id: string,
  error: NonNullable<RunRow['error']>,
  attempt?: number,
): Promise<RunRow | undefined> {
  const open =
    attempt === undefined ? and(eq(runs.id, id), inArray(runs.status, ['queued', 'running'])) : heldBy(id, attempt);
  return endRun(tx, open, { status: 'failed', progress: 0, error, refunded: sql`${runs.credits} > 0` });
}

/** Running runs whose worker stopped renewing the lease, locked for this sweeper only. */
export function lockExpiredRuns(tx: DbOrTx, limit: number): Promise<RunRow[]> {
  return tx
    .select()
    .from(runs)
    .where(and(eq(runs.status, 'running'), lt(runs.leaseExpiresAt, sql`now()`)))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Queued runs that nobody picked up for `waitingMs` (their job was lost), locked for this sweeper. */
export function lockWaitingRuns(tx: DbOrTx, waitingMs: number, limit: number): Promise<RunRow[]> {
  return tx
    .select()
    .from(runs)
    .where(
      and(eq(runs.status, 'queued'), lt(runs.updatedAt, sql`now() - ${waitingMs}::int * interval '1 millisecond'`)),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Puts a run back in the queue for another attempt (or just marks it seen again). */
export async function requeueRun(tx: DbOrTx, id: string): Promise<void> {
  await tx.update(runs).set({ status: 'queued', leaseExpiresAt: null, updatedAt: sql`now()` }).where(eq(runs.id, id));
}

/** A browser run that can still take its result or be reported failed: no output, not refunded. */
const openBrowserRun = (id: string, userId: string) =>
  and(
    eq(runs.id, id),
    eq(runs.userId, userId),
    eq(runs.clientSide, true),
    eq(runs.status, 'succeeded'),
    eq(runs.refunded, false),
    sql`${runs.outputs} = '[]'::jsonb`,
  );

/** Stores the result of a browser run as its output, once; undefined when it already has one. */
export async function attachBrowserOutput(
  db: DbOrTx,
  id: string,
  userId: string,
  output: StoredOutput,
): Promise<RunRow | undefined> {
  const [row] = await db
    .update(runs)
    .set({ outputs: [output], updatedAt: sql`now()` })
    .where(openBrowserRun(id, userId))
    .returning();
  return row;
}

/**
 * Marks a browser run failed (refunded or not, as the caller decided in the same transaction):
 * only while it has no result and was created less than `withinMs` ago.
 */
export async function failBrowserRun(
  tx: DbOrTx,
  id: string,
  userId: string,
  error: NonNullable<RunRow['error']>,
  refund: boolean,
  withinMs: number,
): Promise<RunRow | undefined> {
  const recent = sql`${runs.createdAt} > now() - ${withinMs}::int * interval '1 millisecond'`;
  return endRun(tx, and(openBrowserRun(id, userId), recent), {
    status: 'failed',
    progress: 0,
    error,
    refunded: refund,
  });
}

/** How many browser runs of the user were refunded in the last `windowMs`. */
export async function countBrowserRefunds(tx: DbOrTx, userId: string, windowMs: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(runs)
    .where(
      and(
        eq(runs.userId, userId),
        eq(runs.clientSide, true),
        eq(runs.refunded, true),
        sql`${runs.finishedAt} > now() - ${windowMs}::int * interval '1 millisecond'`,
      ),
    );
  return row?.count ?? 0;
}
