import type { ToolId } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';
import { runs } from './runs.ts';

/** A stored WebP thumbnail of an artwork. */
export interface StoredThumbnail {
  key: string;
  width: number;
  height: number;
}

/**
 * A run output a user saved to their collection, private or public. The image is a
 * copy under `artworks/<id>/`, owned by this row alone: deleting the run's files later leaves
 * it intact, and deleting the artwork removes exactly its own folder.
 */
export const artworks = pgTable(
  'artworks',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    /** Where it came from; kept when the run is gone (its history may be pruned). */
    runId: uuid('run_id').references(() => runs.id, { onDelete: 'set null' }),
    outputIndex: integer('output_index').notNull(),
    /** The team whose library holds it (saved from a team run): every member sees it. */
    teamId: uuid('team_id'),
    imageKey: text('image_key').notNull(),
    thumbnails: jsonb('thumbnails').$type<StoredThumbnail[]>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The owner's title (trimmed, at most ARTWORK_TITLE_MAX_LENGTH); null: called by its prompt, else its tool. */
    title: text('title'),
    prompt: text('prompt').notNull(),
    negativePrompt: text('negative_prompt'),
    toolType: text('tool_type').$type<ToolId>().notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    /**
     * Saved from a demo-engine run: a stamped placeholder, not the person's work. It may be kept
     * privately but never shown in the public gallery (the check below holds it).
     */
    isDemo: boolean('is_demo').notNull().default(false),
    /**
     * Public, but taken out of the gallery (is_public false) while the author's account is
     * disabled; enabling the account makes exactly these public again. Every reader of
     * is_public (feed, likes, files, pages) thereby leaves them out with no check of its own.
     */
    hiddenWhileDisabled: boolean('hidden_while_disabled').notNull().default(false),
    /** Kept in step with artwork_likes in the same transaction as each like or unlike. */
    likesCount: integer('likes_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('artworks_likes_count_non_negative', sql`${t.likesCount} >= 0`),
    check('artworks_demo_never_public', sql`NOT (${t.isDemo} AND ${t.isPublic})`),
    // The public feed: newest first, keyset on (created_at, id), only public rows indexed.
    // NULLS FIRST is what a plain `ORDER BY … DESC` means, so the index serves it as is.
    index('artworks_public_feed_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublic}`),
    // "My artworks": the owner's rows, newest first, same keyset.
    index('artworks_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // One artwork per run output: saving it twice (a double click, a retry) answers the first.
    uniqueIndex('artworks_run_output_idx').on(t.runId, t.outputIndex),
    index('artworks_team_created_idx').on(t.teamId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('artworks_hidden_while_disabled_idx').on(t.userId).where(sql`${t.hiddenWhileDisabled}`),
  ],
);

export type ArtworkRow = typeof artworks.$inferSelect;

/** One like per user and artwork (the primary key); the count lives on the artwork. */
export const artworkLikes = pgTable(
  'artwork_likes',
  {
    artworkId: uuid('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.artworkId, t.userId] }),
    // Deleting an account cascades here; without it that would scan every like.
    index('artwork_likes_user_idx').on(t.userId),
  ],
);
