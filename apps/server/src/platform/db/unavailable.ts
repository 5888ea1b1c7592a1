import { DATABASE_RETRY_MAX_DELAY_MS, DATABASE_RETRY_MIN_DELAY_MS } from '@atelier/contracts';
import { errorCauses } from './error-causes.ts';

/** Socket errors of a server that is down, restarting or unreachable (PostgreSQL, S3, SMTP alike). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL's own words for "not now": class 08 (connection exception), the server shutting
 * down or restarting (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now),
 * and too many connections (53300).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What pg and pg-pool throw, without a code, for a connection lost or never made in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/**
 * True when an error says a service we connect to is unavailable for now — the request did
 * nothing wrong and may be tried again — rather than that the request or our code failed.
 */
export function isServiceUnavailable(error: unknown): boolean {
  for (const e of errorCauses(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08')) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (DRIVER_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/**
 * The wait before retry number `attempt` (0 first): doubling from the minimum to the maximum,
 * with up to a quarter of it random, so that processes that lost the database together do not
 * come back in step.
 */
export function retryDelayMs(attempt: number): number {
  const base = Math.min(DATABASE_RETRY_MAX_DELAY_MS, DATABASE_RETRY_MIN_DELAY_MS * 2 ** Math.min(attempt, 20));
  return Math.round(base * (0.75 + Math.random() * 0.25));
}

/**
 * Runs `work`, and again after a backoff each time it fails because a service is unavailable,
 * until it succeeds, fails otherwise, `until` (epoch ms) has passed or `giveUp` says so — then
 * the last error is thrown. `onRetry` hears of each failure that is retried.
 */
export async function retryWhileUnavailable<T>(
  work: () => Promise<T>,
  o: { until: number; giveUp?: () => boolean; onRetry?: (error: unknown, attempt: number) => void },
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const delay = retryDelayMs(attempt);
      if (!isServiceUnavailable(error) || Date.now() + delay > o.until || o.giveUp?.()) throw error;
      o.onRetry?.(error, attempt);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
