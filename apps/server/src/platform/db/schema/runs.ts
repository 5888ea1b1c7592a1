import type { ErrorCode, RunStatus, ToolId } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A stored output file of a run. */
export interface StoredOutput {
  key: string;
  mediaType: string;
  width: number;
  height: number;
}

/** What is known of a stored input beside its key (runs.inputs): shown to the owner as `run.inputs`. */
export interface StoredInput {
  field: string;
  key: string;
  mediaType: string;
  width: number;
  height: number;
  /** The uploaded file's name, when the client sent one. */
  name: string | null;
}

/** The earlier run whose output became this run's `image`. */
export interface RunSourceRef {
  runId: string;
  outputIndex: number;
}

/**
 * A batch of runs of one tool: each image is an ordinary run with `batch_id` set.
 * `completed_at` is set once, by whichever run ends last, which then announces `batch.completed`.
 */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    tool: text('tool').$type<ToolId>().notNull(),
    webhookUrl: text('webhook_url'),
    /** The team the batch was charged to (its runs carry it too). */
    teamId: uuid('team_id'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('batches_user_idx').on(t.userId)],
);
export type BatchRow = typeof batches.$inferSelect;

/**
 * One row per tool run. The row is the truth about a run; the pg-boss job only wakes a
 * worker. `attempts` fences writers: a worker may finish a run only for the attempt it
 * claimed, so a worker the sweeper gave up on cannot overwrite a later state.
 */
export const runs = pgTable(
  'runs',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    tool: text('tool').$type<ToolId>().notNull(),
    status: text('status').$type<RunStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** Credits charged when the run was created (refunded in full if it fails). */
    credits: integer('credits').notNull(),
    refunded: boolean('refunded').notNull().default(false),
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    /** Storage keys of the uploaded inputs, by field name (image, mask, reference_image). */
    inputs: jsonb('inputs').$type<Record<string, string>>().notNull().default({}),
    /** The same inputs with their type, size and file name (empty on runs made before batches existed). */
    inputFiles: jsonb('input_files').$type<StoredInput[]>().notNull().default([]),
    outputs: jsonb('outputs').$type<StoredOutput[]>().notNull().default([]),
    batchId: uuid('batch_id').references(() => batches.id, { onDelete: 'set null' }),
    /**
     * The team whose pool paid for the run and whose library holds it. Such a run is seen by the
     * team's members only — its starter too only while a member.
     */
    teamId: uuid('team_id'),
    source: jsonb('source').$type<RunSourceRef>(),
    /** Where the run's end is announced (a Standard Webhooks POST), checked when the run was created. */
    webhookUrl: text('webhook_url'),
    error: jsonb('error').$type<{ code: ErrorCode; message: string }>(),
    engine: text('engine').notNull(),
    clientSide: boolean('client_side').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    /**
     * Runs queued before this one, still waiting for a worker, when a worker first took this
     * one: the ones its plan's queue priority put it ahead of.
     */
    overtook: integer('overtook').notNull().default(0),
    /** A running run whose lease has passed has lost its worker (see run-sweeper.ts). */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('runs_progress_range', sql`${t.progress} BETWEEN 0 AND 100`),
    check('runs_status_known', sql`${t.status} IN ('queued', 'running', 'succeeded', 'failed')`),
    // History pages: newest first, keyset on (created_at, id).
    index('runs_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The sweeper looks for running runs past their lease and queued runs left waiting.
    index('runs_status_lease_idx').on(t.status, t.leaseExpiresAt),
    // The admin console's last 24 hours of runs, all users.
    index('runs_created_idx').on(t.createdAt),
    index('runs_batch_idx').on(t.batchId),
    index('runs_team_created_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
  ],
);

export type RunRow = typeof runs.$inferSelect;
