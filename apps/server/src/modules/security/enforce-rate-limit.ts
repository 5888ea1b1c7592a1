import type { DbOrTx } from '../../platform/db/database.ts';
import { rateLimited } from '../../platform/http/app-error.ts';
import { type RateLimitStanding, reportRateLimit } from '../../platform/http/rate-limit-headers.ts';
import type { RateLimitRule, RateLimitState } from './rate-limiter.ts';
import * as rateLimiter from './rate-limiter.ts';
import { logSecurityEvent } from './security-events.ts';

export interface RateLimitedAction {
  /** What is limited, per whom: `tool-run:<userId>`. */
  key: string;
  rule: RateLimitRule;
  /** Names the action in the security event (`tool_run`, `artwork_like`, …). */
  action: string;
  userId: string;
  message?: string;
}

/**
 * Counts one attempt of a user's action; when the user is over the limit, records a
 * `rate_limited` security event (it counts in the security centre's metrics) and answers
 * 429 RATE_LIMITED with the seconds to wait. Either way the answer says where the caller stands
 * (RateLimit headers, platform/http/rate-limit-headers.ts).
 */
export async function enforceRateLimit(db: DbOrTx, limited: RateLimitedAction): Promise<void> {
  const state = await rateLimiter.consume(db, limited.key, limited.rule);
  reportRateLimit(standingOf(state, limited.rule));
  if (state.allowed) return;
  await logSecurityEvent(db, {
    eventType: 'rate_limited',
    userId: limited.userId,
    severity: 'medium',
    details: { action: limited.action, retryAfter: state.retryAfter },
  });
  throw rateLimited(state.retryAfter, limited.message);
}

/** Where a key stands against its rule after a count: what the RateLimit headers say. */
export function standingOf(state: RateLimitState, rule: RateLimitRule): RateLimitStanding {
  return {
    limit: rule.maxAttempts,
    remaining: state.allowed ? Math.max(0, rule.maxAttempts - state.attempts) : 0,
    // The quota comes back when a block ends, which the count that used it up has started:
    // from that answer on, reset counts down to the block's end rather than the window's.
    reset:
      state.retryAfter > 0 || !state.allowed ? state.retryAfter : (state.windowResetsIn ?? rule.windowMinutes * 60),
    windowSeconds: rule.windowMinutes * 60,
  };
}

/**
 * Reports the tightest of several counts made for one request (sign-up counts per client and
 * per e-mail domain): the one with the fewest attempts left, a refusal before any.
 */
export function reportTightestRateLimit(counts: readonly [RateLimitState, RateLimitRule][]): void {
  const standings = counts.map(([state, rule]) => standingOf(state, rule));
  const tightest = standings.reduce<RateLimitStanding | undefined>(
    (least, standing) =>
      !least ||
      standing.remaining < least.remaining ||
      (standing.remaining === least.remaining && standing.reset > least.reset)
        ? standing
        : least,
    undefined,
  );
  if (tightest) reportRateLimit(tightest);
}
