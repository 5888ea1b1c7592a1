import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookDeliveryAttempt } from '@atelier/contracts';
import { Webhook } from 'standardwebhooks';
import type { Database } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { recordWebhookDelivery } from '../../platform/metrics/registry.ts';
import { newWebhookSecret } from '../api-keys/api-key-secrets.ts';
import { findWebhookSecrets, putWebhookSecret } from '../api-keys/repo.ts';
import { findDeliveryAttempts, logAttempt, setDeliveryStatus } from './delivery-log.ts';
import { WEBHOOK_QUEUE, type WebhookJob } from './webhook-events.ts';
import {
  assertWebhookDestination,
  checkedLookup,
  parseWebhookUrl,
  type Resolve,
  systemResolve,
  type WebhookPolicy,
} from './webhook-url.ts';

/** A receiver has this long to answer an attempt. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** Deliveries stop this long after the event (pg-boss's backoff retries stay within it). */
export const WEBHOOK_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/**
 * The queue's retry policy: 20 s doubling on each failure, 12 retries — about 23 hours in all
 * (20 s × (2¹² − 1)) — then, at the latest, the 24-hour age check ends it.
 */
export const WEBHOOK_QUEUE_SETTINGS = {
  retryLimit: 12,
  retryDelaySeconds: 20,
  retryBackoff: true,
  expireInSeconds: 60,
};

/** An attempt for the log: when it was made, what came back, how long it took (from `startedMs`). */
const attemptOf = (
  at: Date,
  startedMs: number,
  statusCode: number | null,
  error: string | null,
): WebhookDeliveryAttempt => ({ at: at.toISOString(), statusCode, durationMs: Date.now() - startedMs, error });

/** Thrown for an attempt that failed and is worth another (pg-boss retries the job). */
class DeliveryFailed extends Error {}

/** POSTs the body; resolves with the status code. `lookup` picks (and checks) the addresses connected to. */
function post(url: URL, body: string, headers: Record<string, string>, lookup?: LookupFunction): Promise<number> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: DELIVERY_TIMEOUT_MS,
        ...(lookup ? { lookup } : {}),
      },
      (res) => {
        res.resume(); // the answer's body is not read
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Delivers webhooks from the queue: signed per Standard Webhooks with the user's current
 * secret (and the one it replaced, in a rotation's overlap), to an address checked again now. A 2xx ends the job; anything else throws for
 * pg-boss to retry with backoff. An address that now resolves inward, or an event older than
 * 24 hours, ends it without a retry.
 */
export function createWebhookDelivery(options: {
  db: Database;
  queue: JobQueue;
  logger: Logger;
  policy: WebhookPolicy;
  /** How host names are resolved (a test's resolver stands in for DNS). */
  resolve?: Resolve;
}) {
  const log = options.logger.child({ module: 'webhooks' });
  const resolve = options.resolve ?? systemResolve;
  const lookup = options.policy.allowPrivate ? undefined : checkedLookup(resolve);

  /**
   * A failed attempt: `retrying` while the queue has retries left for this (re)delivery — the
   * attempts logged since it began tell how many it has made — else `failed`.
   */
  async function logFailure(job: WebhookJob, attempt: WebhookDeliveryAttempt) {
    const made = (await findDeliveryAttempts(options.db, job.id)).filter(
      (a) => Date.parse(a.at) >= job.createdAt,
    ).length;
    await logAttempt(options.db, job.id, attempt, made + 1 > WEBHOOK_QUEUE_SETTINGS.retryLimit ? 'failed' : 'retrying');
  }

  async function deliver(job: WebhookJob, now = new Date()): Promise<void> {
    const started = Date.now();
    const attempt = (statusCode: number | null, error: string | null) => attemptOf(now, started, statusCode, error);
    if (now.getTime() - job.createdAt > WEBHOOK_MAX_AGE_MS) {
      await setDeliveryStatus(options.db, job.id, 'failed');
      recordWebhookDelivery(job.type, 'expired');
      log.warn({ webhookId: job.id }, 'webhook given up after 24 hours');
      return;
    }
    let url: URL;
    try {
      url = parseWebhookUrl(job.url, options.policy);
      await assertWebhookDestination(url, options.policy, resolve);
    } catch {
      await logAttempt(options.db, job.id, attempt(null, 'the address is refused'), 'failed');
      recordWebhookDelivery(job.type, 'refused');
      log.warn({ webhookId: job.id }, 'webhook address refused at delivery');
      return;
    }
    const secrets =
      (await findWebhookSecrets(options.db, job.userId)) ??
      (await putWebhookSecret(options.db, job.userId, newWebhookSecret()));
    // Signed with the secret in force and, in a rotation's overlap, the one it replaced: a
    // receiver verifies with either (Standard Webhooks: space-separated signatures).
    const signature = [secrets.secret, ...(secrets.previous ? [secrets.previous.secret] : [])]
      .map((secret) => new Webhook(secret).sign(job.id, now, job.body))
      .join(' ');
    const headers = {
      'webhook-id': job.id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
      'user-agent': 'Atelier-Webhooks/1',
    };
    let status: number;
    try {
      status = await post(url, job.body, headers, lookup);
    } catch (err) {
      if ((err as { code?: string }).code === 'EREFUSED_PRIVATE') {
        await logAttempt(options.db, job.id, attempt(null, 'the address resolved to a private one'), 'failed');
        recordWebhookDelivery(job.type, 'refused');
        log.warn({ webhookId: job.id }, 'webhook address resolved to a private address at delivery');
        return;
      }
      await logFailure(job, attempt(null, (err as Error).message));
      recordWebhookDelivery(job.type, 'failed');
      throw new DeliveryFailed(`webhook ${job.id}: ${(err as Error).message}`);
    }
    if (status < 200 || status >= 300) {
      await logFailure(job, attempt(status, `the receiver answered ${status}`));
      recordWebhookDelivery(job.type, 'failed');
      throw new DeliveryFailed(`webhook ${job.id}: the receiver answered ${status}`);
    }
    await logAttempt(options.db, job.id, attempt(status, null), 'delivered');
    recordWebhookDelivery(job.type, 'delivered');
    log.info({ webhookId: job.id, type: job.type }, 'webhook delivered');
  }

  return {
    deliver,
    start: (concurrency: number) =>
      options.queue.work(WEBHOOK_QUEUE, concurrency, (data) => deliver(data as WebhookJob)),
  };
}
