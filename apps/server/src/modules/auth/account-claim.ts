import { randomBytes, randomUUID } from 'node:crypto';
import { PASSWORD_RESET_EXPIRES_MINUTES } from '@atelier/contracts';
import { and, eq, gte, isNotNull, like, lt, ne, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../platform/db/database.ts';
import {
  apiKeys,
  authAccounts,
  authSessions,
  authTwoFactors,
  authUsers,
  authVerifications,
  profiles,
  webhookSecrets,
} from '../../platform/db/schema/index.ts';
import { logSecurityEvent } from '../security/security-events.ts';

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
    const [before] = await tx
      .select({ claimedAt: profiles.claimedAt })
      .from(profiles)
      .where(eq(profiles.userId, facts.userId))
      .for('update');
    await tx
      .update(profiles)
      .set({ claimedAt: facts.at, updatedAt: facts.at })
      .where(eq(profiles.userId, facts.userId));
    if (before && !before.claimedAt) {
      await tx.delete(apiKeys).where(eq(apiKeys.userId, facts.userId));
      await tx.delete(webhookSecrets).where(eq(webhookSecrets.userId, facts.userId));
      await tx.delete(authTwoFactors).where(eq(authTwoFactors.userId, facts.userId));
      await tx.update(authUsers).set({ twoFactorEnabled: false }).where(eq(authUsers.id, facts.userId));
    }
    const ended = await tx
      .delete(authSessions)
      .where(and(eq(authSessions.userId, facts.userId), lt(authSessions.createdAt, facts.at)))
      .returning({ id: authSessions.id });
    const voided = facts.keepPassword
      ? []
      : await tx
          .update(authAccounts)
          .set({ password: null, updatedAt: facts.at })
          .where(
            and(
              eq(authAccounts.userId, facts.userId),
              eq(authAccounts.providerId, CREDENTIAL_PROVIDER_ID),
              isNotNull(authAccounts.password),
            ),
          )
          .returning({ id: authAccounts.id });
    await deleteResetTokens(tx, facts.userId);
    await logSecurityEvent(tx, {
      eventType: 'account_claimed',
      userId: facts.userId,
      severity: 'medium',
      details: { via: facts.via, sessionsEnded: ended.length, passwordVoided: voided.length > 0 },
    });
    return { passwordVoided: voided.length > 0 };
  });
}

/**
 * Deletes the account's outstanding password-reset tokens, but `keep`: a reset link works once,
 * and only the newest one — an older link (maybe in a mailbox someone else can read) dies when
 * a newer one is sent, when one is used, and when the password changes.
 */
export async function deleteResetTokens(db: DbOrTx, userId: string, keep?: string): Promise<void> {
  await db
    .delete(authVerifications)
    .where(
      and(
        like(authVerifications.identifier, `${RESET_TOKEN_PREFIX}%`),
        eq(authVerifications.value, userId),
        keep ? ne(authVerifications.identifier, `${RESET_TOKEN_PREFIX}${keep}`) : sql`true`,
      ),
    );
}

/** The account's claim moment, or null while it is only a claim on its address. */
export async function claimedAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db.select({ claimedAt: profiles.claimedAt }).from(profiles).where(eq(profiles.userId, userId));
  return row?.claimedAt ?? null;
}

/**
 * A password-reset token for the account, as Better Auth stores its own (so its reset endpoint
 * takes it): for the owner who has just proven the address where the account was not signed in,
 * to choose a password of their own in place of the one voided.
 */
export async function issueResetToken(db: DbOrTx, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(authVerifications).values({
    id: randomUUID(),
    identifier: `${RESET_TOKEN_PREFIX}${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_EXPIRES_MINUTES * 60_000),
  });
  return token;
}

/** Ends the account's sessions made at or after `since` (the claim's own, when it cannot stay). */
export async function endSessionsSince(db: DbOrTx, userId: string, since: Date): Promise<void> {
  await db.delete(authSessions).where(and(eq(authSessions.userId, userId), gte(authSessions.createdAt, since)));
}

/**
 * Marks the sessions a verification link has just made as made with the password: the link was
 * opened where the account was signed in, by someone who holds its password.
 */
export async function vouchForNewSessions(db: DbOrTx, userId: string, since: Date) {
  return db
    .update(authSessions)
    .set({ signInMethod: 'password' })
    .where(and(eq(authSessions.userId, userId), gte(authSessions.createdAt, since)))
    .returning({
      userId: authSessions.userId,
      createdAt: authSessions.createdAt,
      signInMethod: authSessions.signInMethod,
    });
}
