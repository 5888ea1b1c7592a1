import { RATE_LIMIT_ROW_RETENTION_MINUTES } from '@atelier/contracts';
import { and, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { rateLimits } from '../../platform/db/schema/index.ts';

/** How many attempts a key may make in a window before it is blocked, and for how long. */
export interface RateLimitRule {
  maxAttempts: number;
  windowMinutes: number;
  blockMinutes: number;
}

/**
 * A soft limit: the first `freeAttempts` in the window cost nothing; each one after starts a wait
 * that doubles (1 s, 2 s, 4 s …) up to `maxDelaySeconds`. Never a lock; the window does not
 * restart when a wait ends, so the waits keep growing while the failures go on.
 */
export interface DelayRule {
  freeAttempts: number;
  windowMinutes: number;
  maxDelaySeconds: number;
}

export interface RateLimitState {
  allowed: boolean;
  attempts: number;
  /** Seconds until a blocked key may try again (0 when allowed). */
  retryAfter: number;
  /** Seconds until the window's count starts again from nothing (set by `hit`). */
  windowResetsIn?: number;
}

const ALLOWED: RateLimitState = { allowed: true, attempts: 0, retryAfter: 0 };

function secondsUntil(date: Date | null, now: Date): number {
  return date ? Math.max(0, Math.ceil((date.getTime() - now.getTime()) / 1000)) : 0;
}

// A rate limiter kept in the database, shared by every API process. Time is the
// database's `now()`, so processes with drifting clocks agree.
//
// Two ways to use it:
// - count failures only (sign-in): `check` before the action, `hit` when it failed, `reset`
//   when it succeeded;
// - count every attempt (uploads, likes): `consume`, which checks and counts in one call.

/** Is the key blocked right now? Does not count an attempt. */
export async function check(db: DbOrTx, key: string): Promise<RateLimitState> {
  const [row] = await db
    .select({ attempts: rateLimits.attempts, blockedUntil: rateLimits.blockedUntil, now: sql<Date>`now()` })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  if (!row) return ALLOWED;
  const now = new Date(row.now);
  const retryAfter = secondsUntil(row.blockedUntil, now);
  return { allowed: retryAfter === 0, attempts: row.attempts, retryAfter };
}

/**
 * Counts one attempt atomically (an upsert, so concurrent hits from several processes all
 * count). A window that has run out, or a block that has ended, starts a new window. The
 * attempt that reaches `maxAttempts` starts the block: the next one is refused.
 */
export async function hit(db: DbOrTx, key: string, rule: RateLimitRule): Promise<RateLimitState> {
  if (Math.max(rule.windowMinutes, rule.blockMinutes) > RATE_LIMIT_ROW_RETENTION_MINUTES) {
    throw new Error(`A rate-limit rule may not outlast RATE_LIMIT_ROW_RETENTION_MINUTES (${key})`);
  }
  const window = sql`make_interval(mins => ${rule.windowMinutes})`;
  const block = sql`make_interval(mins => ${rule.blockMinutes})`;
  const fresh = sql`(${rateLimits.windowStart} <= now() - ${window} OR ${rateLimits.blockedUntil} <= now())`;
  const attempts = sql`CASE WHEN ${fresh} THEN 1 ELSE ${rateLimits.attempts} + 1 END`;
  const [row] = await db
    .insert(rateLimits)
    .values({
      key,
      attempts: 1,
      windowStart: sql`now()`,
      blockedUntil: rule.maxAttempts <= 1 ? sql`now() + ${block}` : null,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        attempts,
        windowStart: sql`CASE WHEN ${fresh} THEN now() ELSE ${rateLimits.windowStart} END`,
        blockedUntil: sql`CASE WHEN ${attempts} >= ${rule.maxAttempts} THEN now() + ${block}
          WHEN ${fresh} THEN NULL ELSE ${rateLimits.blockedUntil} END`,
      },
    })
    .returning({
      attempts: rateLimits.attempts,
      blockedUntil: rateLimits.blockedUntil,
      windowEnd: sql<Date>`${rateLimits.windowStart} + ${window}`,
      now: sql<Date>`now()`,
    });
  const now = new Date(row!.now);
  return {
    allowed: row!.attempts <= rule.maxAttempts,
    attempts: row!.attempts,
    retryAfter: secondsUntil(row!.blockedUntil, now),
    windowResetsIn: secondsUntil(new Date(row!.windowEnd), now),
  };
}

/**
 * Refuses when blocked (without lengthening the block), otherwise counts the attempt: allowed
 * up to `maxAttempts` in the window. The count is atomic, so a burst of concurrent attempts
 * cannot all slip past the check together.
 */
export async function consume(db: DbOrTx, key: string, rule: RateLimitRule): Promise<RateLimitState> {
  const current = await check(db, key);
  if (!current.allowed) return current;
  return hit(db, key, rule);
}

/** Counts one attempt under a DelayRule and sets the wait it earns (atomic, like `hit`). */
export async function delay(db: DbOrTx, key: string, rule: DelayRule): Promise<RateLimitState> {
  const window = sql`make_interval(mins => ${rule.windowMinutes})`;
  const fresh = sql`(${rateLimits.windowStart} <= now() - ${window})`;
  const attempts = sql`CASE WHEN ${fresh} THEN 1 ELSE ${rateLimits.attempts} + 1 END`;
  const wait = (count: SQL) =>
    sql`CASE WHEN ${count} >= ${rule.freeAttempts}
      THEN now() + make_interval(secs => least(${rule.maxDelaySeconds}, power(2, ${count} - ${rule.freeAttempts})))
      ELSE NULL END`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, attempts: 1, windowStart: sql`now()`, blockedUntil: wait(sql`1`) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        attempts,
        windowStart: sql`CASE WHEN ${fresh} THEN now() ELSE ${rateLimits.windowStart} END`,
        blockedUntil: wait(attempts),
      },
    })
    .returning({ attempts: rateLimits.attempts, blockedUntil: rateLimits.blockedUntil, now: sql<Date>`now()` });
  const now = new Date(row!.now);
  const retryAfter = secondsUntil(row!.blockedUntil, now);
  return { allowed: retryAfter === 0, attempts: row!.attempts, retryAfter };
}

/**
 * Deletes the rows of keys idle for longer than any window, with no block running: they count
 * for nothing any more, and per-session keys would otherwise pile up. Returns how many.
 */
export async function prune(db: DbOrTx): Promise<number> {
  const idleSince = sql`now() - make_interval(mins => ${RATE_LIMIT_ROW_RETENTION_MINUTES})`;
  const deleted = await db
    .delete(rateLimits)
    .where(
      and(
        lt(rateLimits.windowStart, idleSince),
        or(isNull(rateLimits.blockedUntil), lt(rateLimits.blockedUntil, sql`now()`)),
      ),
    )
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/** Forgets a key's attempts (e.g. after a successful sign-in). */
export async function reset(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
