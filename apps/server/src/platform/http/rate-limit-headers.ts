import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';

/** Where a request stands against the limit it was just counted against. */
export interface RateLimitStanding {
  limit: number;
  remaining: number;
  /** Seconds until the count starts again (or, when refused, until the next try may pass). */
  reset: number;
  windowSeconds: number;
}

const standings = new AsyncLocalStorage<{ standing?: RateLimitStanding }>();

/**
 * Called where a request is counted against a rate limit (modules/security/enforce-rate-limit.ts),
 * however deep in a service: the answer to the request then carries the standing. The last
 * count wins (a batch counts once per image).
 */
export function reportRateLimit(standing: RateLimitStanding): void {
  const store = standings.getStore();
  if (store) store.standing = standing;
}

/**
 * Makes the limits visible: an answer to a request that was counted against a rate
 * limit — a 429 too — says where the caller stands, in the IETF draft's headers as
 * express-rate-limit sends them (`RateLimit-Policy: 30;w=60`, `RateLimit: limit=30,
 * remaining=29, reset=60`) and in the common `X-RateLimit-Limit/-Remaining/-Reset` trio (reset
 * in seconds), so a client can slow down before it is refused. A 429 carries Retry-After too
 * (error-handler.ts).
 */
export function rateLimitHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const store: { standing?: RateLimitStanding } = {};
    await standings.run(store, next);
    const standing = store.standing;
    if (!standing) return;
    const { limit, remaining, reset, windowSeconds } = standing;
    // c.header, not c.res.headers.set: see error-answers.ts.
    c.header('RateLimit-Policy', `${limit};w=${windowSeconds}`);
    c.header('RateLimit', `limit=${limit}, remaining=${remaining}, reset=${reset}`);
    c.header('X-RateLimit-Limit', String(limit));
    c.header('X-RateLimit-Remaining', String(remaining));
    c.header('X-RateLimit-Reset', String(reset));
  };
}
