import type { Database } from '../../platform/db/database.ts';
import { rateLimited } from '../../platform/http/app-error.ts';
import { reportRateLimit } from '../../platform/http/rate-limit-headers.ts';
import { standingOf } from '../security/enforce-rate-limit.ts';
import * as rateLimiter from '../security/rate-limiter.ts';
import { logSecurityEvent } from '../security/security-events.ts';
import { reportFailedLogins } from '../security/suspicious-patterns.ts';
import { SIGN_IN_ACCOUNT_DELAY_RULE, SIGN_IN_FAILURE_RULE, signInAccountKey, signInAddressKey } from './auth-limits.ts';
import * as repo from './repo.ts';

export interface SignInAttempt {
  /** The account's e-mail, or null when a username matched no account. */
  email: string | null;
  method: 'email' | 'username';
  address: string;
  userAgent: string | undefined;
}

// Limits on failed sign-ins, two of them:
// - per client address, hard: 5 failures in 60 minutes block that address for 15 minutes — the
//   right password included, or the block would tell an attacker when they had guessed it;
// - per account, soft: after 10 failures from anywhere each further attempt waits a little
//   longer (1 s, 2 s … a minute). A lock here would be a weapon — anyone could keep the owner
//   out by typing wrong passwords for their address — so the owner, from their own address,
//   is at most asked to wait a moment.
// A success clears the account's count (not the address's, or one valid account would reset an
// attacker's address).

function signInKeys(attempt: SignInAttempt): string[] {
  const keys = [signInAddressKey(attempt.address)];
  if (attempt.email) keys.push(signInAccountKey(attempt.email));
  return keys;
}

/** Throws RATE_LIMITED (429 with retryAfter) while the address is blocked or the account waits. */
export async function assertSignInAllowed(db: Database, attempt: SignInAttempt): Promise<void> {
  const states = await Promise.all(signInKeys(attempt).map((key) => rateLimiter.check(db, key)));
  const retryAfter = Math.max(0, ...states.map((s) => s.retryAfter));
  if (retryAfter === 0) return;
  reportRateLimit(
    standingOf({ allowed: false, attempts: SIGN_IN_FAILURE_RULE.maxAttempts, retryAfter }, SIGN_IN_FAILURE_RULE),
  );
  throw rateLimited(retryAfter, 'Too many failed sign-in attempts. Please try again later.');
}

export async function recordSignInFailure(
  db: Database,
  attempt: SignInAttempt,
  reason: 'invalid_credentials' | 'unknown_username',
): Promise<void> {
  const userId = attempt.email ? await userIdOf(db, attempt.email) : null;
  const [address, account] = await Promise.all([
    rateLimiter.hit(db, signInAddressKey(attempt.address), SIGN_IN_FAILURE_RULE),
    attempt.email ? rateLimiter.delay(db, signInAccountKey(attempt.email), SIGN_IN_ACCOUNT_DELAY_RULE) : undefined,
  ]);
  // The answer to a failed attempt says how many more this address has before its block.
  reportRateLimit(standingOf(address, SIGN_IN_FAILURE_RULE));
  const base = { userId, ip: attempt.address, userAgent: attempt.userAgent ?? null };
  await logSecurityEvent(db, {
    ...base,
    eventType: 'failed_login',
    severity: 'medium',
    details: { method: attempt.method, reason },
  });
  if (address.attempts === SIGN_IN_FAILURE_RULE.maxAttempts) {
    await logSecurityEvent(db, {
      ...base,
      eventType: 'sign_in_blocked',
      severity: 'high',
      details: { method: attempt.method, scope: 'address', blockMinutes: SIGN_IN_FAILURE_RULE.blockMinutes },
    });
  }
  if (account?.attempts === SIGN_IN_ACCOUNT_DELAY_RULE.freeAttempts) {
    await logSecurityEvent(db, {
      ...base,
      eventType: 'sign_in_blocked',
      severity: 'high',
      details: { method: attempt.method, scope: 'account', delaySeconds: account.retryAfter },
    });
  }
  // The account's own count, not the address's: one user's pattern.
  if (userId && account) {
    await reportFailedLogins(db, userId, account.attempts, {
      address: attempt.address,
      userAgent: base.userAgent,
    });
  }
}

export async function recordSignInSuccess(db: Database, attempt: SignInAttempt): Promise<void> {
  if (attempt.email) await rateLimiter.reset(db, signInAccountKey(attempt.email));
}

async function userIdOf(db: Database, email: string): Promise<string | null> {
  return (await repo.findAuthUserByEmail(db, email.trim().toLowerCase()))?.id ?? null;
}
