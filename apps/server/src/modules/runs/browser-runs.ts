import { randomUUID } from 'node:crypto';
import {
  BROWSER_FAILURE_WINDOW_MINUTES,
  BROWSER_REFUNDS_PER_DAY,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  IMAGE_MESSAGES,
  IMAGE_MIN_SIDE,
  type Run,
  UPLOAD_MAX_BYTES,
} from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../platform/db/database.ts';
import { profiles, type RunRow } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { runMetrics } from '../../platform/metrics/registry.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { refundCredits } from '../credits/service.ts';
import { logSecurityEvent } from '../security/security-events.ts';
import { presentRun } from './present-run.ts';
import * as repo from './repo.ts';
import { notifyRunChanged } from './run-events.ts';
import { browserResultKey } from './storage-keys.ts';

/**
 * Background removal runs in the browser, its image never uploaded: the server records and charges the run
 * and never sees the image. Two follow-ups attach to such a run:
 *
 * - **its result**, when the user saves it to the gallery: the cut-out PNG (never the
 *   original) becomes the run's output, so the gallery's usual save path copies it;
 * - **its failure**, when the model or the runtime failed on the device: the server cannot
 *   verify that, so the credit comes back only for a run with no result, reported soon after it
 *   started, and for at most BROWSER_REFUNDS_PER_DAY runs a day; beyond that the run is marked
 *   failed without a refund and a security event is recorded (ADR 0007, addendum).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The client's reason is kept for diagnosis only, cut to this length. */
const REASON_MAX_CHARS = 200;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const RESULT_MESSAGES = {
  notBrowserRun: 'Only a background removal done in the browser takes an uploaded result',
  failed: 'The run failed: it has no result to save',
  hasResult: 'The run already has its result',
  tooLarge: 'The result must be at most 10 MB',
  notPng: 'The result must be a PNG image',
  otherSize: 'The result is not the same size as the image the run was recorded for',
  tooLate: 'The run is too old to be reported as failed',
} as const;

export interface BrowserRunDeps {
  db: Database;
  storage: Storage;
  logger: Logger;
  /** PUBLIC_URL: runs' file URLs are absolute on it. */
  publicUrl: string;
}

/** A run of the user that is a browser background removal (404 for anyone else's run). */
async function findBrowserRun(db: Database, userId: string, runId: string): Promise<RunRow> {
  const run = await repo.findRunOfUser(db, runId, userId);
  if (!run) throw notFound('Run');
  if (run.tool !== 'background-removal' || !run.clientSide) {
    throw new AppError('CONFLICT', RESULT_MESSAGES.notBrowserRun);
  }
  return run;
}

/** The recorded size of the chosen image, when the client sent it with the run. */
function recordedSize(run: RunRow): { width: number; height: number } | undefined {
  const { width, height } = run.options as { width?: unknown; height?: unknown };
  return typeof width === 'number' && typeof height === 'number' ? { width, height } : undefined;
}

/**
 * Checks an uploaded result by its bytes: a PNG signature, a PNG header sharp reads, sides
 * within 64–4096 px (before anything is decoded), the recorded size, then a full decode so a
 * truncated or corrupt file is refused too.
 */
async function checkResultPng(data: Buffer, run: RunRow): Promise<{ width: number; height: number }> {
  if (data.byteLength > UPLOAD_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', RESULT_MESSAGES.tooLarge, { fields: { image: 'too large' } });
  }
  const notPng = () => new AppError('INVALID_IMAGE', RESULT_MESSAGES.notPng, { fields: { image: 'not a PNG' } });
  if (data.byteLength < PNG_SIGNATURE.length || !data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    throw notPng();
  }
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (meta?.format !== 'png' || !meta.width || !meta.height) throw notPng();
  const { width, height } = meta;
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) {
    throw new AppError('IMAGE_TOO_LARGE', IMAGE_MESSAGES.tooLargeSide, { fields: { image: 'too large' } });
  }
  if (width < IMAGE_MIN_SIDE || height < IMAGE_MIN_SIDE) {
    throw new AppError('IMAGE_TOO_SMALL', IMAGE_MESSAGES.tooSmall, { fields: { image: 'too small' } });
  }
  const recorded = recordedSize(run);
  if (recorded && (recorded.width !== width || recorded.height !== height)) {
    throw new AppError('VALIDATION_ERROR', RESULT_MESSAGES.otherSize, {
      fields: { image: `expected ${recorded.width}×${recorded.height}, got ${width}×${height}` },
    });
  }
  try {
    await sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS }).stats();
  } catch {
    throw notPng();
  }
  return { width, height };
}

/**
 * Stores the result of the user's browser run as its only output. The file gets a fresh key
 * and the row is updated only while it has no output, so of two concurrent uploads one wins
 * and the other's file is removed again.
 */
export async function attachBrowserResult(
  deps: BrowserRunDeps,
  userId: string,
  runId: string,
  data: Buffer,
): Promise<Run> {
  const { db, storage, logger, publicUrl } = deps;
  const run = await findBrowserRun(db, userId, runId);
  if (run.status !== 'succeeded' || run.refunded) throw new AppError('CONFLICT', RESULT_MESSAGES.failed);
  if (run.outputs.length > 0) throw new AppError('CONFLICT', RESULT_MESSAGES.hasResult);
  const { width, height } = await checkResultPng(data, run);
  const key = browserResultKey(userId, runId, randomUUID());
  await storage.put(key, data, 'image/png');
  const row = await repo.attachBrowserOutput(db, runId, userId, { key, mediaType: 'image/png', width, height });
  if (!row) {
    await storage.delete(key).catch((err) => logger.warn({ err, key }, 'could not delete a refused result'));
    const now = await repo.findRunOfUser(db, runId, userId);
    throw new AppError('CONFLICT', now?.status === 'failed' ? RESULT_MESSAGES.failed : RESULT_MESSAGES.hasResult);
  }
  return presentRun(row, publicUrl);
}

/**
 * The browser could not finish the run. Marks it failed and, within the rule above, gives
 * the credit back, all in one transaction. Reporting a run that already failed answers it
 * as it is.
 */
export async function reportBrowserFailure(
  deps: BrowserRunDeps,
  userId: string,
  runId: string,
  reason: string | undefined,
): Promise<Run> {
  const { db, logger, publicUrl } = deps;
  const run = await findBrowserRun(db, userId, runId);
  if (run.status === 'failed') return presentRun(run, publicUrl);
  if (run.outputs.length > 0) throw new AppError('CONFLICT', RESULT_MESSAGES.hasResult);
  const windowMs = BROWSER_FAILURE_WINDOW_MINUTES * 60_000;
  if (Date.now() - run.createdAt.getTime() > windowMs) throw new AppError('CONFLICT', RESULT_MESSAGES.tooLate);
  const detail = reason?.trim().slice(0, REASON_MAX_CHARS);
  const error = {
    code: 'INTERNAL' as const,
    message: `Background removal failed in the browser${detail ? `: ${detail}` : ''}`,
  };
  const row = await db.transaction(async (tx) => {
    // The user's profile row is the lock that queues their refunds, so the count is exact.
    await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.userId, userId)).for('update');
    const refundsToday = await repo.countBrowserRefunds(tx, userId, DAY_MS);
    const overLimit = refundsToday >= BROWSER_REFUNDS_PER_DAY;
    const refund = !overLimit && run.credits > 0;
    const failed = await repo.failBrowserRun(tx, runId, userId, error, refund, windowMs);
    if (!failed) return undefined; // a result arrived, or the window closed, meanwhile
    if (refund) {
      await refundCredits(tx, {
        userId,
        teamId: failed.teamId,
        amount: failed.credits,
        reason: 'refund',
        reference: runId,
        idempotencyKey: `refund:${runId}`,
      });
    } else if (overLimit) {
      await logSecurityEvent(tx, {
        eventType: 'suspicious_activity',
        userId,
        severity: 'medium',
        details: { action: 'browser_run_failure_over_limit', runId, refundsToday },
      });
    }
    await notifyRunChanged(tx, runId);
    return failed;
  });
  if (!row) {
    const now = await repo.findRunOfUser(db, runId, userId);
    if (now?.status === 'failed') return presentRun(now, publicUrl);
    throw new AppError('CONFLICT', now && now.outputs.length > 0 ? RESULT_MESSAGES.hasResult : RESULT_MESSAGES.tooLate);
  }
  logger.info({ runId, refunded: row.refunded, reason: detail }, 'a browser run failed');
  runMetrics.failed(row, row.error?.code ?? 'INTERNAL');
  if (row.refunded) runMetrics.refunded(row, 'automatic');
  return presentRun(row, publicUrl);
}
