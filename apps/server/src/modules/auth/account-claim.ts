import { randomBytes, randomUUID } from 'node:crypto';
import { PASSWORD_RESET_EXPIRES_MINUTES } from '@atelier/contracts';
import type { Database, DbOrTx } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { promoteListedAdmin } from '../admin/roles.ts';
import { updateAuthoredArtworksPrivate } from '../artworks/repo.ts';
import { findProfile, updateProfileRow } from '../profiles/repo.ts';
import { forgetPendingReferral } from '../referrals/record-referral.ts';
import { logSecurityEvent } from '../security/security-events.ts';
import * as teams from '../teams/service.ts';
import { undoneBeforeClaimMail } from './mail-templates.ts';
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

/** What a claim took back of what the account did before its address was proven. */
export interface UndoneBeforeClaim {
  /** Teams it made, dissolved (their pool back to the owner's balance). */
  teams: string[];
  /** Members it brought into other teams and invitations it sent, ended. */
  memberships: number;
  /** The username it chose, now free again. */
  username: string | null;
  /** Its public artworks, made private (none deleted). */
  artworks: number;
  /** The referral its sign-up recorded, forgotten before it could complete. */
  referral: boolean;
}

const nothingUndone = (undone: UndoneBeforeClaim) =>
  !undone.teams.length && !undone.memberships && !undone.username && !undone.artworks && !undone.referral;

/**
 * An account belongs to whoever proves its address, not to whoever typed it first: anyone can
 * sign up with someone else's e-mail and keep the session. When the address is proven, every
 * session made before that moment ends, the account counts as claimed from then on (ADMIN_EMAILS
 * and the admin console look at that), and a password nobody vouched for is voided — the owner
 * chooses their own. On the first claim, whatever could let the person who typed the address
 * back in goes too: API keys, the webhook secret and a two-factor setup made before the claim.
 * Outstanding reset links die with it.
 *
 * When the proof does not show that the prover is the person who used the account before (the
 * link opened where the account is not signed in, or a password reset), the first claim also
 * undoes what that person did with it (undoBeforeClaim): the owner starts from their own account.
 */
export async function claimAccount(
  db: Database,
  facts: ClaimFacts,
): Promise<{ passwordVoided: boolean; undone: UndoneBeforeClaim | null }> {
  return db.transaction(async (tx) => {
    const before = await repo.findClaimedAt(tx, facts.userId, { forUpdate: true });
    const firstClaim = before !== undefined && !before.claimedAt;
    await repo.updateClaimedAt(tx, facts.userId, facts.at);
    if (firstClaim) await repo.deleteAccessOf(tx, facts.userId);
    const vouched = facts.keepPassword && facts.via === 'verification_link';
    const undone = firstClaim && !vouched ? await undoBeforeClaim(tx, facts.userId) : null;
    const sessionsEnded = await repo.deleteSessionsBefore(tx, facts.userId, facts.at);
    const passwordVoided =
      !facts.keepPassword && (await repo.updatePasswordToNull(tx, facts.userId, CREDENTIAL_PROVIDER_ID, facts.at));
    await deleteResetTokens(tx, facts.userId);
    await logSecurityEvent(tx, {
      eventType: 'account_claimed',
      userId: facts.userId,
      severity: 'medium',
      details: {
        via: facts.via,
        sessionsEnded,
        passwordVoided,
        ...(undone && !nothingUndone(undone) ? { undone: undoneSummary(undone) } : {}),
      },
    });
    return { passwordVoided, undone };
  });
}

/**
 * Takes back, in the claim's transaction, what the account did before its address was proven:
 * the teams it made and the memberships it granted (teams/service.ts), the username, its public
 * artworks (private now, kept), and the referral its sign-up recorded — which would otherwise
 * complete for the referrer when the owner verifies the address they never signed up with.
 */
async function undoBeforeClaim(tx: DbOrTx, userId: string): Promise<UndoneBeforeClaim> {
  const { teams: teamNames, memberships } = await teams.undoBeforeClaim(tx, userId);
  const username = (await findProfile(tx, userId))?.username ?? null;
  if (username) await updateProfileRow(tx, userId, { username: null });
  const artworks = await updateAuthoredArtworksPrivate(tx, userId);
  const referral = await forgetPendingReferral(tx, userId);
  return { teams: teamNames, memberships, username, artworks, referral };
}

/** The security log's short account of it (event details show a few short fields). */
const undoneSummary = (undone: UndoneBeforeClaim) =>
  [
    undone.teams.length && `${undone.teams.length} teams`,
    undone.memberships && `${undone.memberships} members`,
    undone.username && 'username',
    undone.artworks && `${undone.artworks} artworks`,
    undone.referral && 'referral',
  ]
    .filter(Boolean)
    .join(', ');

/** What a claim needs beyond the database: the mailer to tell the owner, and what follows a verification. */
export interface ClaimDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** Runs once a user's e-mail address is verified and claimed (a referral may complete then, ADR 0028). */
  onEmailVerified?: (userId: string) => Promise<void>;
}

/**
 * Claims the account (claimAccount), tells the owner by mail what was undone, and then — when
 * this proof is what verified the address — runs what a verification sets off: a referral
 * completing, invitations the account claimed being accepted. After the claim, so those act
 * only on what the owner kept. The claim stands whatever happens after it: failures are logged.
 */
export async function claimAndSettle(
  deps: ClaimDeps,
  facts: ClaimFacts,
  { newlyVerified }: { newlyVerified: boolean },
): Promise<{ passwordVoided: boolean }> {
  const { db, mailer, logger } = deps;
  const log = logger.child({ module: 'auth' });
  const claim = await claimAccount(db, facts);
  if (claim.undone && !nothingUndone(claim.undone)) {
    const profile = await findProfile(db, facts.userId);
    if (profile) {
      await mailer
        .send(undoneBeforeClaimMail(profile.email, profile.language, claim.undone))
        .catch((err: unknown) =>
          log.error({ err: { message: (err as Error).message } }, 'auth: the mail of what a claim undid was not sent'),
        );
    }
  }
  if (newlyVerified) {
    await deps
      .onEmailVerified?.(facts.userId)
      .catch((err: unknown) =>
        log.error({ err: { message: (err as Error).message } }, 'auth: after e-mail verification failed'),
      );
  }
  return { passwordVoided: claim.passwordVoided };
}

/**
 * Settles what a verification link proved, once Better Auth has verified the address at `at`:
 * the account is claimed (claimAndSettle). A voided password leaves no session on it — whoever
 * set it may not be the owner — so the sessions made since `at` end too, and the answer is a
 * reset token for the owner to choose one. A kept password (the link opened where the account
 * is signed in) vouches for the sessions the link made, which ADMIN_EMAILS may then promote.
 */
export async function claimByVerificationLink(
  deps: ClaimDeps,
  adminEmails: readonly string[],
  { userId, at, keepPassword }: { userId: string; at: Date; keepPassword: boolean },
): Promise<{ resetToken: string | null }> {
  const { db } = deps;
  const facts = { userId, at, keepPassword, via: 'verification_link' } as const;
  const { passwordVoided } = await claimAndSettle(deps, facts, { newlyVerified: true });
  if (passwordVoided) {
    await endSessionsSince(db, userId, at);
    return { resetToken: await issueResetToken(db, userId) };
  }
  if (keepPassword) {
    for (const session of await vouchForNewSessions(db, userId, at)) {
      await promoteListedAdmin(db, adminEmails, session);
    }
  }
  return { resetToken: null };
}

/**
 * Deletes the account's outstanding password-reset tokens: a reset link works once, and every
 * link still out dies when one is used, when the address is claimed and when the password changes.
 */
export async function deleteResetTokens(db: DbOrTx, userId: string): Promise<void> {
  await repo.deleteVerificationsOf(db, userId, RESET_TOKEN_PREFIX);
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
async function issueResetToken(db: DbOrTx, userId: string): Promise<string> {
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
async function endSessionsSince(db: DbOrTx, userId: string, since: Date): Promise<void> {
  await repo.deleteSessionsSince(db, userId, since);
}

/**
 * Marks the sessions a verification link has just made as made with the password: the link was
 * opened where the account was signed in, by someone who holds its password.
 */
async function vouchForNewSessions(db: DbOrTx, userId: string, since: Date) {
  return repo.updateSessionsSinceToPassword(db, userId, since);
}
