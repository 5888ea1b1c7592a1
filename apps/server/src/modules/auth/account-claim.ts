import { randomBytes, randomUUID } from 'node:crypto';
import { PASSWORD_RESET_EXPIRES_MINUTES } from '@atelier/contracts';
import type { Database, DbOrTx } from '../../platform/db/database.ts';
import { logSecurityEvent } from '../security/security-events.ts';
import * as repo from './repo.ts';

/** Better Auth keeps a password-reset token as a verification row named by this prefix. */
const RESET_TOKEN_PREFIX = 'reset-password:';
/** The provider id of an e-mail + password account in Better Auth. */
export const CREDENTIAL_PROVIDER_ID = 'credential';

export interface ClaimFacts {
  userId: string;
  /** The moment the address was proven: every session made before it ends. */
  at: Date;
  /**
   * Whether the account's password stays. Only when the proof came from someone already signed
   * in to this very account (they hold its password); otherwise the password may be a
   * stranger's who signed up with this address first, and it is voided.
   */
  keepPassword: boolean;
  /** What proved the address, for the security log. */
  via: 'verification_link' | 'password_reset';
}

/**
 * An account belongs to whoever proves its address, not to whoever typed it first: anyone can
 * sign up with someone else's e-mail and keep the session. When the address is proven, every
 * session made before that moment ends, the account counts as claimed from then on (ADMIN_EMAILS
 * and the admin console look at that), and a password nobody vouched for is voided — the owner
 * chooses their own. On the first claim, whatever could let the person who typed the address
 * back in goes too: API keys, the webhook secret and a two-factor setup made before the claim.
 * Outstanding reset links die with it.
 */
export async function claimAccount(db: Database, facts: ClaimFacts): Promise<{ passwordVoided: boolean }> {
  return db.transaction(async (tx) => {
    const before = await repo.findClaimedAt(tx, facts.userId, { forUpdate: true });
    await repo.updateClaimedAt(tx, facts.userId, facts.at);
    if (before && !before.claimedAt) await repo.deleteAccessOf(tx, facts.userId);
    const sessionsEnded = await repo.deleteSessionsBefore(tx, facts.userId, facts.at);
    const passwordVoided =
      !facts.keepPassword && (await repo.updatePasswordToNull(tx, facts.userId, CREDENTIAL_PROVIDER_ID, facts.at));
    await deleteResetTokens(tx, facts.userId);
    await logSecurityEvent(tx, {
      eventType: 'account_claimed',
      userId: facts.userId,
      severity: 'medium',
      details: { via: facts.via, sessionsEnded, passwordVoided },
    });
    return { passwordVoided };
  });
}

/**
 * Deletes the account's outstanding password-reset tokens, but `keep`: a reset link works once,
 * and only the newest one — an older link (maybe in a mailbox someone else can read) dies when
 * a newer one is sent, when one is used, and when the password changes.
 */
export async function deleteResetTokens(db: DbOrTx, userId: string, keep?: string): Promise<void> {
  await repo.deleteVerificationsOf(db, userId, RESET_TOKEN_PREFIX, keep ? `${RESET_TOKEN_PREFIX}${keep}` : undefined);
}

/** The account's claim moment, or null while it is only a claim on its address. */
export async function claimedAt(db: DbOrTx, userId: string): Promise<Date | null> {
  return (await repo.findClaimedAt(db, userId))?.claimedAt ?? null;
}

/**
 * A password-reset token for the account, as Better Auth stores its own (so its reset endpoint
 * takes it): for the owner who has just proven the address where the account was not signed in,
 * to choose a password of their own in place of the one voided.
 */
export async function issueResetToken(db: DbOrTx, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await repo.insertVerification(db, {
    id: randomUUID(),
    identifier: `${RESET_TOKEN_PREFIX}${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_EXPIRES_MINUTES * 60_000),
  });
  return token;
}

/** Ends the account's sessions made at or after `since` (the claim's own, when it cannot stay). */
export async function endSessionsSince(db: DbOrTx, userId: string, since: Date): Promise<void> {
  await repo.deleteSessionsSince(db, userId, since);
}

/**
 * Marks the sessions a verification link has just made as made with the password: the link was
 * opened where the account was signed in, by someone who holds its password.
 */
export async function vouchForNewSessions(db: DbOrTx, userId: string, since: Date) {
  return repo.updateSessionsSinceToPassword(db, userId, since);
}
