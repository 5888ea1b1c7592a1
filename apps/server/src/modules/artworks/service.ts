import { randomUUID } from 'node:crypto';
import {
  ARTWORKS_PAGE_SIZE,
  type Artwork,
  type ArtworkListResponse,
  type createArtworkBodySchema,
  DEMO_ENGINE_ID,
  LIKE_RATE_LIMIT_PER_MINUTE,
  type LikeResponse,
} from '@atelier/contracts';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { Storage, StoredObject } from '../../platform/storage/storage.ts';
import { enforceRateLimit } from '../security/enforce-rate-limit.ts';
import {
  artworkIdOfKey,
  fileUrl,
  openShareImage,
  removeArtworkFiles,
  shareImageKey,
  storeArtworkFiles,
  thumbnailUrls,
} from './artwork-files.ts';
import { decodeCursor, encodeCursor } from './feed-cursor.ts';
import {
  type ArtworkChanges,
  type ArtworkListRow,
  deleteOwnArtwork,
  type FeedCursor,
  findArtworkOfRunOutput,
  findOwnRun,
  findPublicArtwork,
  findVisibleArtwork,
  findVisibleArtworkFiles,
  insertArtwork,
  ownArtworksQuery,
  publicFeedQuery,
  setLike,
  teamArtworksQuery,
  updateOwnArtwork,
} from './repo.ts';

export interface ArtworkDeps {
  db: Database;
  storage: Storage;
  logger: Logger;
}

export type CreateArtworkInput = z.output<typeof createArtworkBodySchema>;

const LIKE_RULE = { maxAttempts: LIKE_RATE_LIMIT_PER_MINUTE, windowMinutes: 1, blockMinutes: 1 };
const artworkNotFound = () => notFound('Artwork');

/** PostgreSQL error 23503; drizzle wraps driver errors, so the code may sit on a cause. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}

export function toArtworkDto({ row, createdAtText, authorName, userLiked }: ArtworkListRow): Artwork {
  return {
    id: row.id,
    imageUrl: fileUrl(row.imageKey),
    ...thumbnailUrls(row),
    width: row.width,
    height: row.height,
    title: row.title,
    prompt: row.prompt,
    negativePrompt: row.negativePrompt,
    toolType: row.toolType,
    isPublic: row.isPublic,
    isDemo: row.isDemo,
    authorName,
    likesCount: row.likesCount,
    userLiked,
    createdAt: new Date(createdAtText).toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Reads one page more than it shows: the extra row only says whether there is a next page. */
async function toPage(
  query: (cursor: FeedCursor | null, limit: number) => Promise<ArtworkListRow[]>,
  cursorText: string | undefined,
): Promise<ArtworkListResponse> {
  const rows = await query(decodeCursor(cursorText), ARTWORKS_PAGE_SIZE + 1);
  const page = rows.slice(0, ARTWORKS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    artworks: page.map(toArtworkDto),
    nextCursor:
      rows.length > ARTWORKS_PAGE_SIZE && last
        ? encodeCursor({ createdAt: last.createdAtText, id: last.row.id })
        : null,
  };
}

export function listPublicArtworks(db: DbOrTx, viewerId: string | null, cursor?: string) {
  return toPage((c, limit) => publicFeedQuery(db, viewerId, c, limit), cursor);
}

export function listOwnArtworks(db: DbOrTx, userId: string, cursor?: string) {
  return toPage((c, limit) => ownArtworksQuery(db, userId, c, limit), cursor);
}

/** A team's library; the caller checked that the viewer is a member. */
export function listTeamArtworks(db: DbOrTx, teamId: string, viewerId: string, cursor?: string) {
  return toPage((c, limit) => teamArtworksQuery(db, teamId, viewerId, c, limit), cursor);
}

/** A public artwork for its page; anything else (private, deleted, never was) is NOT_FOUND. */
export async function getPublicArtwork(db: DbOrTx, id: string, viewerId: string | null): Promise<Artwork> {
  const found = await findPublicArtwork(db, id, viewerId);
  if (!found) throw artworkNotFound();
  return toArtworkDto(found);
}

async function visibleArtworkDto(db: DbOrTx, id: string, viewerId: string): Promise<Artwork> {
  const found = await findVisibleArtwork(db, id, viewerId);
  if (!found) throw artworkNotFound();
  return toArtworkDto(found);
}

const demoNotPublishable = () =>
  new AppError('DEMO_NOT_PUBLISHABLE', 'A demo result is a placeholder: it can be saved privately, never made public');

/**
 * Saves an output of the caller's own succeeded run as an artwork: the file is copied into the
 * artwork's folder with its thumbnails (no re-upload). Saving the same output again answers the
 * artwork it already is (`created: false`), so a double click or a retry makes one artwork.
 */
export async function createArtwork(
  { db, storage }: ArtworkDeps,
  userId: string,
  input: CreateArtworkInput,
): Promise<{ artwork: Artwork; created: boolean }> {
  const run = await findOwnRun(db, userId, input.runId);
  if (!run) throw notFound('Run');
  if (run.status !== 'succeeded') throw new AppError('CONFLICT', 'The run has no result to save');
  if (input.toolType !== run.tool) {
    throw new AppError('VALIDATION_ERROR', "toolType is not the run's tool", {
      fields: { toolType: `The run was made with ${run.tool}` },
    });
  }
  const output = run.outputs[input.outputIndex];
  if (!output) throw notFound('Run output');
  const isDemo = run.engine === DEMO_ENGINE_ID;
  if (isDemo && input.isPublic) throw demoNotPublishable();

  const existing = await findArtworkOfRunOutput(db, userId, input.runId, input.outputIndex);
  if (existing) return { artwork: await visibleArtworkDto(db, existing.id, userId), created: false };

  const id = randomUUID();
  const files = await storeArtworkFiles(storage, id, output.key);
  if (!files) throw notFound('Run output file');
  try {
    await insertArtwork(db, {
      id,
      userId,
      runId: input.runId,
      outputIndex: input.outputIndex,
      ...files,
      width: output.width,
      height: output.height,
      prompt: input.prompt,
      negativePrompt: input.negativePrompt || null,
      toolType: run.tool,
      isPublic: input.isPublic,
      isDemo,
      // Saved from a team run, it is the team's: in its library, seen by every member.
      teamId: run.teamId,
    });
  } catch (error) {
    await removeArtworkFiles(storage, files);
    // A concurrent save of the same output won the race: answer its artwork.
    const winner =
      isUniqueViolation(error) && (await findArtworkOfRunOutput(db, userId, input.runId, input.outputIndex));
    if (winner) return { artwork: await visibleArtworkDto(db, winner.id, userId), created: false };
    throw error;
  }
  return { artwork: await visibleArtworkDto(db, id, userId), created: true };
}

/**
 * The author of a personal artwork, or any member of a team's (a removed member no longer):
 * for anyone else the artwork does not exist (404, not 403). A title arrives
 * trimmed and within ARTWORK_TITLE_MAX_LENGTH (the request schema); an empty one is stored as
 * null, which gives the artwork its default name (the prompt, else the tool's) back.
 */
export async function updateArtwork(db: DbOrTx, userId: string, id: string, changes: ArtworkChanges) {
  const title = changes.title === undefined ? {} : { title: changes.title || null };
  if (!(await updateOwnArtwork(db, userId, id, { ...changes, ...title }))) {
    const found = changes.isPublic ? await findVisibleArtwork(db, id, userId) : undefined;
    throw found?.row.isDemo ? demoNotPublishable() : artworkNotFound();
  }
  return visibleArtworkDto(db, id, userId);
}

/** Owner only. The row goes first; its files follow, and a file that will not go is only logged. */
export async function deleteArtwork({ db, storage, logger }: ArtworkDeps, userId: string, id: string): Promise<void> {
  const deleted = await deleteOwnArtwork(db, userId, id);
  if (!deleted) throw artworkNotFound();
  await removeArtworkFiles(storage, deleted).catch((err: unknown) =>
    logger.warn({ err, artworkId: id }, 'artwork deleted but some of its files were not'),
  );
}

/**
 * Likes (liked = true) or unlikes an artwork the user can see. Idempotent: repeating either
 * leaves the count as it was.
 */
export async function setArtworkLike(db: Database, userId: string, id: string, liked: boolean): Promise<LikeResponse> {
  await enforceRateLimit(db, {
    key: `artwork-like:${userId}`,
    rule: LIKE_RULE,
    action: 'artwork_like',
    userId,
    message: 'Too many likes; try again in a moment',
  });
  if (!(await findVisibleArtworkFiles(db, id, userId))) throw artworkNotFound();
  try {
    const likesCount = await db.transaction((tx) => setLike(tx, id, userId, liked));
    return { likesCount, userLiked: liked };
  } catch (error) {
    // The artwork was deleted between the check and the like (foreign key violation).
    if (isForeignKeyViolation(error)) throw artworkNotFound();
    throw error;
  }
}

/**
 * A stored file of an artwork, when the viewer may see it: anyone for a public artwork, only
 * the owner for a private one. Answers null otherwise, so a private file looks like no file.
 */
export async function openArtworkFile(
  { db, storage }: Pick<ArtworkDeps, 'db' | 'storage'>,
  key: string,
  viewerId: string | null,
): Promise<{ object: StoredObject; isPublic: boolean } | null> {
  const artworkId = artworkIdOfKey(key);
  if (!artworkId) return null;
  const files = await findVisibleArtworkFiles(db, artworkId, viewerId);
  if (!files) return null;
  const object =
    key === shareImageKey(files.imageKey)
      ? await openShareImage(storage, files.imageKey)
      : files.imageKey === key || files.thumbnails.some((t) => t.key === key)
        ? await storage.get(key)
        : null;
  return object && { object, isPublic: files.isPublic };
}
