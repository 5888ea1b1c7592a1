import { and, eq, gte, isNotNull, like, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  apiKeys,
  authAccounts,
  authSessions,
  authTwoFactors,
  authUsers,
  authVerifications,
  profiles,
  webhookDeliveries,
  webhookSecrets,
} from '../../platform/db/schema/index.ts';

/**
 * SQL Atelier runs on Better Auth's tables (users, accounts, sessions, verifications) and on the
 * profile's standing; Better Auth's own queries are its adapter's. Every query names its user.
 */

export async function findAuthUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: authUsers.id, emailVerified: authUsers.emailVerified })
    .from(authUsers)
    .where(eq(authUsers.email, email));
  return row;
}

export async function findEmailVerified(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ verified: authUsers.emailVerified }).from(authUsers).where(eq(authUsers.id, userId));
  return row?.verified ?? false;
}

/** Marks the address verified; false when it was verified already. */
export async function updateEmailVerified(db: DbOrTx, userId: string): Promise<boolean> {
  const [flipped] = await db
    .update(authUsers)
    .set({ emailVerified: true })
    .where(and(eq(authUsers.id, userId), eq(authUsers.emailVerified, false)))
    .returning({ id: authUsers.id });
  return flipped !== undefined;
}

export async function findProfileStanding(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ role: profiles.role, disabledAt: profiles.disabledAt, claimedAt: profiles.claimedAt })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row;
}

export async function findClaimedAt(
  db: DbOrTx,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ claimedAt: Date | null } | undefined> {
  const query = db.select({ claimedAt: profiles.claimedAt }).from(profiles).where(eq(profiles.userId, userId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateClaimedAt(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db.update(profiles).set({ claimedAt: at, updatedAt: at }).where(eq(profiles.userId, userId));
}

/**
 * Deletes the account's API keys, webhook secret, delivery log and two-factor setup, and turns
 * two-factor off.
 */
export async function deleteAccessOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(apiKeys).where(eq(apiKeys.userId, userId));
  await db.delete(webhookSecrets).where(eq(webhookSecrets.userId, userId));
  await db.delete(webhookDeliveries).where(eq(webhookDeliveries.userId, userId));
  await db.delete(authTwoFactors).where(eq(authTwoFactors.userId, userId));
  await db.update(authUsers).set({ twoFactorEnabled: false }).where(eq(authUsers.id, userId));
}

/** Ends the account's sessions made before `before`; how many. */
export async function deleteSessionsBefore(db: DbOrTx, userId: string, before: Date): Promise<number> {
  const ended = await db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, userId), lt(authSessions.createdAt, before)))
    .returning({ id: authSessions.id });
  return ended.length;
}

export async function deleteSessionsSince(db: DbOrTx, userId: string, since: Date): Promise<void> {
  await db.delete(authSessions).where(and(eq(authSessions.userId, userId), gte(authSessions.createdAt, since)));
}

/** Marks the account's sessions made since `since` as made with the password. */
export function updateSessionsSinceToPassword(db: DbOrTx, userId: string, since: Date) {
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

/** Voids the password of the account's `providerId` account; true when there was one. */
export async function updatePasswordToNull(db: DbOrTx, userId: string, providerId: string, at: Date): Promise<boolean> {
  const voided = await db
    .update(authAccounts)
    .set({ password: null, updatedAt: at })
    .where(
      and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, providerId), isNotNull(authAccounts.password)),
    )
    .returning({ id: authAccounts.id });
  return voided.length > 0;
}

export async function insertVerification(db: DbOrTx, values: typeof authVerifications.$inferInsert): Promise<void> {
  await db.insert(authVerifications).values(values);
}

/** Deletes the user's verification rows whose identifier starts with `prefix`. */
export async function deleteVerificationsOf(db: DbOrTx, userId: string, prefix: string): Promise<void> {
  await db
    .delete(authVerifications)
    .where(and(like(authVerifications.identifier, `${prefix}%`), eq(authVerifications.value, userId)));
}

/** The user a verification row (a pending two-factor sign-in, `2fa-…`) is for, while it has not expired. */
export async function findVerificationUser(db: DbOrTx, identifier: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: authVerifications.value })
    .from(authVerifications)
    .where(and(eq(authVerifications.identifier, identifier), gte(authVerifications.expiresAt, new Date())));
  return row?.userId;
}
