import { and, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { type ArtworkRow, artworkLikes, artworks, profiles, runs } from '../../platform/db/schema/index.ts';
import { isMemberOf } from '../teams/repo.ts';

/** A position in a newest-first listing: the last row seen. */
export interface FeedCursor {
  /** created_at as UTC text with microseconds: a JS Date would round it and skip or repeat rows. */
  createdAt: string;
  id: string;
}

/**
 * What a listing shows of an artwork. The author's e-mail never leaves the database: the
 * name is username, else the e-mail's local part (before the @), else Unknown.
 */
const listFields = (viewerId: string | null) => ({
  row: artworks,
  createdAtText: sql<string>`to_char(${artworks.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  authorName: sql<string>`coalesce(nullif(btrim(${profiles.username}), ''), nullif(split_part(${profiles.email}, '@', 1), ''), 'Unknown')`,
  // A scalar subquery, not EXISTS: PostgreSQL may run an EXISTS as a hash of all the viewer's
  // likes (planned for the whole table, not the 21 rows of a page), which the benchmark showed
  // costing 13 ms for an active viewer; this form is one primary-key probe per row shown.
  userLiked: viewerId
    ? sql<boolean>`coalesce((select true from ${artworkLikes} where ${artworkLikes.artworkId} = ${artworks.id} and ${artworkLikes.userId} = ${viewerId} limit 1), false)`
    : sql<boolean>`false`,
});

export type ArtworkListRow = {
  row: ArtworkRow;
  createdAtText: string;
  authorName: string;
  userLiked: boolean;
};

const olderThan = (cursor: FeedCursor | null) =>
  cursor
    ? sql`(${artworks.createdAt}, ${artworks.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : undefined;

function listQuery(db: DbOrTx, viewerId: string | null, where: SQL | undefined, limit: number) {
  return db
    .select(listFields(viewerId))
    .from(artworks)
    .leftJoin(profiles, eq(profiles.userId, artworks.userId))
    .where(where)
    .orderBy(desc(artworks.createdAt), desc(artworks.id))
    .limit(limit);
}

/**
 * The public gallery, newest first, from a keyset cursor. `is_public` is written as a bare
 * predicate (not `= $1`) so that the planner can match the partial index on a prepared plan.
 * Exported as a query so the benchmark runs exactly this SQL through pgbench.
 */
export function publicFeedQuery(db: DbOrTx, viewerId: string | null, cursor: FeedCursor | null, limit: number) {
  return listQuery(db, viewerId, and(sql`${artworks.isPublic}`, olderThan(cursor)), limit);
}

/**
 * The newest public artworks' ids and last changes, for the sitemap. A disabled author's
 * artworks are not public while disabled (schema), so they are left out with the private ones.
 */
export function publicArtworksForSitemap(db: DbOrTx, limit: number) {
  return db
    .select({
      id: artworks.id,
      imageKey: artworks.imageKey,
      updatedAt: sql<string>`to_char(${artworks.updatedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(artworks)
    .where(sql`${artworks.isPublic}`)
    .orderBy(desc(artworks.createdAt), desc(artworks.id))
    .limit(limit);
}

/**
 * An artwork its viewer may change or see privately: a personal one of theirs, or one of a
 * team's library while they are a member (its author too only while a member).
 */
const ownOrTeam = (viewerId: string) =>
  or(
    and(isNull(artworks.teamId), eq(artworks.userId, viewerId)),
    and(isNotNull(artworks.teamId), isMemberOf(artworks.teamId, viewerId)),
  );
/** The same, for changes: only its author, and a team's only while they are a member. */
const authoredBy = (userId: string) =>
  and(eq(artworks.userId, userId), or(isNull(artworks.teamId), isMemberOf(artworks.teamId, userId)));

/** The owner's personal artworks, private ones included (a team's are in the team's library). */
export function ownArtworksQuery(db: DbOrTx, userId: string, cursor: FeedCursor | null, limit: number) {
  return listQuery(db, userId, and(eq(artworks.userId, userId), isNull(artworks.teamId), olderThan(cursor)), limit);
}

/** A team's library, private ones included: the caller checked that the viewer is a member. */
export function teamArtworksQuery(
  db: DbOrTx,
  teamId: string,
  viewerId: string,
  cursor: FeedCursor | null,
  limit: number,
) {
  return listQuery(db, viewerId, and(eq(artworks.teamId, teamId), olderThan(cursor)), limit);
}

/** One artwork as a listing shows it, when the viewer may see it (public, or their own). */
export async function findVisibleArtwork(
  db: DbOrTx,
  id: string,
  viewerId: string | null,
): Promise<ArtworkListRow | undefined> {
  const visible = viewerId ? or(sql`${artworks.isPublic}`, ownOrTeam(viewerId)) : sql`${artworks.isPublic}`;
  const [found] = await listQuery(db, viewerId, and(eq(artworks.id, id), visible), 1);
  return found;
}

/**
 * One public artwork as a listing shows it (its page, /gallery/<id>). Private ones — the
 * owner's included, and those of a disabled account, which are made private — are not found.
 */
export async function findPublicArtwork(
  db: DbOrTx,
  id: string,
  viewerId: string | null,
): Promise<ArtworkListRow | undefined> {
  const [found] = await listQuery(db, viewerId, and(eq(artworks.id, id), sql`${artworks.isPublic}`), 1);
  return found;
}

/** The storage facts of a visible artwork, for the file route (no join, no like lookup). */
export async function findVisibleArtworkFiles(db: DbOrTx, id: string, viewerId: string | null) {
  const visible = viewerId ? or(sql`${artworks.isPublic}`, ownOrTeam(viewerId)) : sql`${artworks.isPublic}`;
  const [found] = await db
    .select({ imageKey: artworks.imageKey, thumbnails: artworks.thumbnails, isPublic: artworks.isPublic })
    .from(artworks)
    .where(and(eq(artworks.id, id), visible));
  return found;
}

export async function findArtworkOfRunOutput(db: DbOrTx, userId: string, runId: string, outputIndex: number) {
  const [found] = await db
    .select({ id: artworks.id })
    .from(artworks)
    .where(and(eq(artworks.userId, userId), eq(artworks.runId, runId), eq(artworks.outputIndex, outputIndex)));
  return found;
}

/**
 * The caller's run, selected by owner id: another user's run does not exist for them, nor a
 * team run once they have left the team.
 */
export async function findOwnRun(db: DbOrTx, userId: string, runId: string) {
  const [run] = await db
    .select({ tool: runs.tool, status: runs.status, outputs: runs.outputs, teamId: runs.teamId, engine: runs.engine })
    .from(runs)
    .where(and(eq(runs.id, runId), eq(runs.userId, userId), or(isNull(runs.teamId), isMemberOf(runs.teamId, userId))));
  return run;
}

export async function insertArtwork(db: DbOrTx, values: typeof artworks.$inferInsert): Promise<void> {
  await db.insert(artworks).values(values);
}

/**
 * What may be changed of an artwork: who sees it and its title (null: the default name). A
 * personal artwork by its author; a team's by any member (the library is the team's, shared).
 */
export interface ArtworkChanges {
  isPublic?: boolean;
  title?: string | null;
}

export async function updateOwnArtwork(
  db: DbOrTx,
  userId: string,
  id: string,
  changes: ArtworkChanges,
): Promise<boolean> {
  const updated = await db
    .update(artworks)
    .set({ ...changes, updatedAt: sql`now()` })
    // A demo placeholder is never made public: such a change finds no row.
    .where(and(eq(artworks.id, id), ownOrTeam(userId), changes.isPublic ? sql`NOT ${artworks.isDemo}` : undefined))
    .returning({ id: artworks.id });
  return updated.length > 0;
}

export async function deleteOwnArtwork(db: DbOrTx, userId: string, id: string) {
  const [deleted] = await db
    .delete(artworks)
    .where(and(eq(artworks.id, id), authoredBy(userId)))
    .returning({ imageKey: artworks.imageKey, thumbnails: artworks.thumbnails });
  return deleted;
}

/**
 * Adds (delta 1) or removes (delta -1) the user's like and moves the count by what really
 * changed, in one transaction: a repeated like or unlike changes nothing, and the CHECK on
 * likes_count makes a negative count impossible whatever happens. Answers the new count.
 */
export async function setLike(tx: DbOrTx, artworkId: string, userId: string, liked: boolean): Promise<number> {
  const changed = liked
    ? await tx
        .insert(artworkLikes)
        .values({ artworkId, userId })
        .onConflictDoNothing()
        .returning({ artworkId: artworkLikes.artworkId })
    : await tx
        .delete(artworkLikes)
        .where(and(eq(artworkLikes.artworkId, artworkId), eq(artworkLikes.userId, userId)))
        .returning({ artworkId: artworkLikes.artworkId });
  // A repeat changed nothing: read the count rather than rewrite (and lock) the row.
  const [row] =
    changed.length === 0
      ? await tx.select({ likesCount: artworks.likesCount }).from(artworks).where(eq(artworks.id, artworkId))
      : await tx
          .update(artworks)
          .set({ likesCount: sql`${artworks.likesCount} + ${liked ? 1 : -1}` })
          .where(eq(artworks.id, artworkId))
          .returning({ likesCount: artworks.likesCount });
  return row?.likesCount ?? 0;
}

/** Makes every public artwork the user made private (nothing is deleted); how many. */
export async function updateAuthoredArtworksPrivate(db: DbOrTx, userId: string): Promise<number> {
  const updated = await db
    .update(artworks)
    .set({ isPublic: false, updatedAt: sql`now()` })
    .where(and(authoredBy(userId), sql`${artworks.isPublic}`))
    .returning({ id: artworks.id });
  return updated.length;
}
