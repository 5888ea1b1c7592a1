import { randomUUID } from 'node:crypto';
import {
  DEMO_ENGINE_ID,
  type ImageField,
  imageCountOf,
  LOCAL_ENGINE_ID,
  RATE_LIMIT_BLOCK_MINUTES,
  RATE_LIMIT_WINDOW_MINUTES,
  type Run,
  type RunError,
  type RunListResponse,
  runCost,
  runsLocally,
  runsOnDemo,
  TOOL_RUNS_PER_HOUR,
  type ToolId,
} from '@atelier/contracts';
import type { EngineRegistry } from '../../engines/registry.ts';
import type { Database, DbOrTx } from '../../platform/db/database.ts';
import type { RunRow, RunSourceRef, StoredInput, StoredOutput } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import type { IdentifiedImage } from '../../platform/images/identify-image.ts';
import { identifyImage } from '../../platform/images/identify-image.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { runMetrics } from '../../platform/metrics/registry.ts';
import { readStoredBytes, type Storage } from '../../platform/storage/storage.ts';
import { chargeCredits, refundCredits } from '../credits/service.ts';
import { runPriority } from '../entitlements/effective-plan.ts';
import { enforceRateLimit } from '../security/enforce-rate-limit.ts';
import { assertRunChargeableToTeam, membershipOf } from '../teams/team-access.ts';
import { announceRunEnd, type RunEndDeps, WEBHOOK_QUEUE } from '../webhooks/webhook-events.ts';
import { presentRun } from './present-run.ts';
import * as repo from './repo.ts';
import { notifyRunChanged } from './run-events.ts';
import { inputKey } from './storage-keys.ts';

export const RUN_QUEUE = 'tool-run';
export interface RunJob {
  runId: string;
}

/**
 * Queues a run's job at its owner's priority now (the plan's `queuePriority`): a paid run waiting
 * for a worker is fetched before waiting Free runs. Every (re)queueing goes through here, so a
 * run handed back or swept keeps its place. `priority` when the caller knows it (a batch).
 */
export async function queueRun(
  tx: DbOrTx,
  queue: JobQueue,
  run: { runId: string; userId?: string; priority?: number },
): Promise<void> {
  let priority = run.priority;
  if (priority === undefined) {
    const userId = run.userId ?? (await repo.findRunOwner(tx, run.runId));
    priority = userId ? await runPriority(tx, userId) : 0;
  }
  await queue.send(tx, RUN_QUEUE, { runId: run.runId } satisfies RunJob, { priority });
}

/** An image of a request: checked, with the uploaded file's name when there was one. */
export interface RequestImage extends IdentifiedImage {
  name: string | null;
}

export interface RunRequest {
  tool: ToolId;
  options: Record<string, unknown>;
  images: Partial<Record<ImageField, RequestImage>>;
  /** The earlier run whose output is `images.image` (`inputRunId`). */
  source?: RunSourceRef;
  /** Checked already (webhooks/webhook-url.ts). */
  webhookUrl?: string;
  /** Charged to this team's pool (checked in the run's transaction: a member, the plan has `teams`). */
  teamId?: string;
}

/** A request's images once stored: the keys by field, and what the owner is shown of them. */
export interface StoredInputs {
  inputs: Record<string, string>;
  inputFiles: StoredInput[];
}

export interface RunDeps {
  db: Database;
  storage: Storage;
  queue: JobQueue;
  engines: EngineRegistry;
  logger: Logger;
  /** PUBLIC_URL: runs' file URLs are absolute on it. */
  publicUrl: string;
}

/**
 * Fails a run and gives its credits back in one transaction: either both happen or
 * neither. The refund's idempotency key is per run, so a second caller changes nothing.
 */
export async function failRunAndRefund(
  db: Database,
  ends: RunEndDeps,
  runId: string,
  error: RunError,
  attempt?: number,
) {
  const failed = await db.transaction(async (tx) => {
    const row = await repo.markFailed(tx, runId, error, attempt);
    if (!row) return undefined;
    if (row.credits > 0) {
      await refundCredits(tx, {
        userId: row.userId,
        teamId: row.teamId,
        amount: row.credits,
        reason: 'refund',
        reference: runId,
        idempotencyKey: `refund:${runId}`,
      });
    }
    await notifyRunChanged(tx, runId);
    await announceRunEnd(tx, ends, row);
    return row;
  });
  ends.queue.wake(WEBHOOK_QUEUE);
  if (failed) {
    runMetrics.failed(failed, error.code);
    if (failed.refunded) runMetrics.refunded(failed, 'automatic');
  }
  return failed;
}

/**
 * Records a worker's result, while its attempt still holds the run. False when the sweeper
 * gave the attempt up meanwhile (the caller then drops the files it stored).
 */
export async function completeRunAndNotify(
  db: Database,
  ends: RunEndDeps,
  run: RunRow,
  outputs: StoredOutput[],
): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const row = await repo.completeRun(tx, run.id, run.attempts, outputs);
    if (!row) return false;
    await notifyRunChanged(tx, run.id);
    await announceRunEnd(tx, ends, row);
    return true;
  });
  ends.queue.wake(WEBHOOK_QUEUE);
  if (done) runMetrics.succeeded(run);
  return done;
}

/**
 * Charges, records and (unless done in the browser) enqueues a run, inside the caller's
 * transaction: a batch puts all its runs into one, so they are charged together or not at all.
 */
export async function insertChargedRun(
  deps: RunDeps,
  tx: DbOrTx,
  userId: string,
  runId: string,
  request: RunRequest,
  stored: StoredInputs,
  batchId: string | null = null,
  priority?: number,
) {
  const { queue, engines, publicUrl } = deps;
  const choice = engines.choiceFor(request.tool);
  const clientSide = choice.kind === 'client';
  const serverEngine = engines.engineFor(request.tool);
  const local = !clientSide && runsLocally(request.tool, request.options);
  const demo =
    !local &&
    !!serverEngine &&
    runsOnDemo({ kind: serverEngine.kind, demoOptions: serverEngine.demoOptions?.(request.tool) }, request.options);
  // A run is recorded as what really runs it, so history and the admin say `demo` or `local`.
  const engine = demo ? DEMO_ENGINE_ID : local ? LOCAL_ENGINE_ID : choice.id;
  const cost = runCost(request.tool, imageCountOf(request.options), demo);
  const teamId = request.teamId ?? null;
  // A team run is paid from the team's pool, never the member's own balance.
  if (teamId) await assertRunChargeableToTeam(tx, teamId, userId, cost);
  await chargeCredits(tx, {
    userId,
    teamId,
    amount: cost,
    reason: demo ? 'demo' : 'run',
    reference: runId,
    idempotencyKey: `run:${runId}`,
  });
  const now = new Date(); // millisecond precision, so history cursors compare exactly
  const row = await repo.insertRun(tx, {
    id: runId,
    userId,
    tool: request.tool,
    credits: cost,
    options: request.options,
    inputs: stored.inputs,
    inputFiles: stored.inputFiles,
    engine,
    clientSide,
    batchId,
    teamId,
    source: request.source ?? null,
    webhookUrl: request.webhookUrl ?? null,
    // The browser did the work: the server only records and charges it (the image never leaves the device).
    ...(clientSide ? { status: 'succeeded' as const, progress: 100, finishedAt: now } : {}),
    createdAt: now,
    updatedAt: now,
  });
  if (!clientSide) await queueRun(tx, queue, { runId, userId, priority });
  // A browser run has ended as it is recorded: its webhook goes now.
  else await announceRunEnd(tx, { queue, publicUrl }, row);
  return row;
}

/** Stores a request's images under the run's folder (before its transaction: no file I/O inside one). */
async function storeInputs(deps: RunDeps, userId: string, runId: string, request: RunRequest, into: StoredInputs) {
  const { storage } = deps;
  for (const [field, image] of Object.entries(request.images)) {
    const key = inputKey(userId, runId, field, image.extension);
    await storage.put(key, image.data, image.mediaType);
    into.inputs[field] = key;
    into.inputFiles.push({
      field,
      key,
      mediaType: image.mediaType,
      width: image.width,
      height: image.height,
      name: image.name,
    });
  }
}

/** Removes the files of a refused request, so a refusal leaves no file behind. */
async function dropInputs(deps: RunDeps, stored: StoredInputs[]) {
  const { storage, logger } = deps;
  await Promise.all(
    stored.flatMap((s) =>
      Object.values(s.inputs).map((key) =>
        storage.delete(key).catch((err) => logger.warn({ err, key }, 'could not delete an input')),
      ),
    ),
  );
}

/**
 * Stores the inputs of each request, then runs `record` (one transaction that charges and
 * inserts them all); on any refusal the stored files go again.
 */
export async function withStoredInputs<T>(
  deps: RunDeps,
  userId: string,
  requests: { runId: string; request: RunRequest }[],
  record: (stored: StoredInputs[]) => Promise<T>,
): Promise<T> {
  const { queue } = deps;
  const stored = requests.map(() => ({ inputs: {}, inputFiles: [] }) as StoredInputs);
  try {
    for (const [i, { runId, request }] of requests.entries())
      await storeInputs(deps, userId, runId, request, stored[i]!);
    const result = await record(stored);
    queue.wake(RUN_QUEUE); // an inline worker starts now rather than at its next poll
    return result;
  } catch (error) {
    await dropInputs(deps, stored);
    throw error;
  }
}

/** Inputs are stored first and removed again when the transaction refuses the run. */
export async function startRun(deps: RunDeps, userId: string, request: RunRequest): Promise<Run> {
  const { db, publicUrl } = deps;
  const runId = randomUUID();
  const row = await withStoredInputs(deps, userId, [{ runId, request }], ([stored]) =>
    db.transaction((tx) => insertChargedRun(deps, tx, userId, runId, request, stored!)),
  );
  // A browser run is counted here and if reported failed; the server never learns of its success.
  runMetrics.started(row);
  return presentRun(row, publicUrl);
}

/** The bytes of a stored file, checked again as an image (it may be an SVG, which no tool takes). */
async function readStoredImage(deps: RunDeps, key: string, field: string): Promise<IdentifiedImage> {
  const { storage } = deps;
  const bytes = await readStoredBytes(storage, key);
  if (!bytes) throw notFound('Run');
  return identifyImage(bytes, field);
}

/** Counts a run attempt against the abuse limit; called before the upload is read. */
export async function assertRunAllowed(deps: RunDeps, userId: string): Promise<void> {
  const { db } = deps;
  await enforceRateLimit(db, {
    key: `tool-run:${userId}`,
    rule: {
      maxAttempts: TOOL_RUNS_PER_HOUR,
      windowMinutes: RATE_LIMIT_WINDOW_MINUTES,
      blockMinutes: RATE_LIMIT_BLOCK_MINUTES,
    },
    action: 'tool_run',
    userId,
  });
}

/**
 * Output `outputIndex` of one of the user's own succeeded runs, as an input for another
 * run. Another user's run answers as a missing one does.
 */
export async function runOutput(
  deps: RunDeps,
  userId: string,
  runId: string,
  outputIndex: number,
): Promise<RequestImage> {
  const { db } = deps;
  const row = await repo.findRunOfUser(db, runId, userId);
  const output = row?.status === 'succeeded' ? row.outputs[outputIndex] : undefined;
  if (!row || !output) throw notFound('Run');
  const image = await readStoredImage(deps, output.key, 'image');
  return { ...image, name: inputName(row, 'image') };
}

/** The stored bytes of output `outputIndex` of one of the user's own succeeded runs. */
export async function runOutputBytes(deps: RunDeps, userId: string, runId: string, outputIndex: number) {
  const { db, storage } = deps;
  const row = await repo.findRunOfUser(db, runId, userId);
  const output = row?.status === 'succeeded' ? row.outputs[outputIndex] : undefined;
  const data = output ? await readStoredBytes(storage, output.key) : null;
  if (!output || !data) throw notFound('Run');
  return { data, mediaType: output.mediaType };
}

/**
 * The same stored inputs and options again, as a new run charged as any other. `allowed`
 * refuses options the caller's plan no longer has (a run made on Pro, rerun on Free).
 */
export async function rerunRun(
  deps: RunDeps,
  userId: string,
  runId: string,
  allowed: (row: RunRow) => Promise<void> = async () => {},
): Promise<Run> {
  const { db } = deps;
  const row = await repo.findRunOfUser(db, runId, userId);
  if (!row) throw notFound('Run');
  await allowed(row);
  if (row.clientSide) {
    throw new AppError('RUN_NOT_RERUNNABLE', 'This run was done in the browser: its image never reached the server');
  }
  const images: RunRequest['images'] = {};
  for (const [field, key] of Object.entries(row.inputs)) {
    const image = await readStoredImage(deps, key, field);
    images[field as ImageField] = { ...image, name: inputName(row, field) };
  }
  // A team's run is run again on the team's pool.
  return startRun(deps, userId, {
    tool: row.tool,
    options: row.options,
    images,
    source: row.source ?? undefined,
    teamId: row.teamId ?? undefined,
  });
}

/** One's own run, or any member's run of a team one belongs to now. */
export async function getRun(deps: RunDeps, userId: string, runId: string): Promise<Run> {
  const { db, publicUrl } = deps;
  const row = await repo.findRunVisibleTo(db, runId, userId);
  if (!row) throw notFound('Run');
  return presentRun(row, publicUrl);
}

/** The personal history, or with `teamId` the team's (every member's runs; 404 to a non-member). */
export async function listRuns(
  deps: RunDeps,
  userId: string,
  limit: number,
  cursor?: string,
  teamId?: string,
): Promise<RunListResponse> {
  const { db, publicUrl } = deps;
  const after = cursor ? decodeCursor(cursor) : undefined;
  if (teamId) await membershipOf(db, teamId, userId);
  const rows = await repo.listRunsOfUser(db, userId, limit + 1, after, teamId);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    runs: page.map((row) => presentRun(row, publicUrl)),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** The name a run's input file was uploaded under (an earlier output keeps its input's name). */
const inputName = (row: { inputFiles: { field: string; name: string | null }[] }, field: string) =>
  row.inputFiles.find((f) => f.field === field)?.name ?? null;

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError('VALIDATION_ERROR', 'Invalid cursor', { fields: { cursor: 'invalid' } });
  }
  return { createdAt, id };
}
