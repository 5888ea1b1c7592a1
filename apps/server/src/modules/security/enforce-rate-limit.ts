import type { DbOrTx } from '../../platform/db/database.ts';
import { rateLimited } from '../../platform/http/app-error.ts';
import { reportRateLimit } from '../../platform/http/rate-limit-headers.ts';
import { RateLimiter, type RateLimitRule } from './rate-limiter.ts';
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
  const state = await new RateLimiter(db).consume(limited.key, limited.rule);
  const { maxAttempts, windowMinutes } = limited.rule;
  reportRateLimit({
    limit: maxAttempts,
    remaining: state.allowed ? Math.max(0, maxAttempts - state.attempts) : 0,
    reset: state.allowed ? (state.windowResetsIn ?? windowMinutes * 60) : state.retryAfter,
    windowSeconds: windowMinutes * 60,
  });
  if (state.allowed) return;
  await logSecurityEvent(db, {
    eventType: 'rate_limited',
    userId: limited.userId,
    severity: 'medium',
    details: { action: limited.action, retryAfter: state.retryAfter },
  });
  throw rateLimited(state.retryAfter, limited.message);
}
