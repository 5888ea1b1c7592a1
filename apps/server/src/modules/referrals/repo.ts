import { and, count, desc, eq, exists, gt, gte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  authUsers,
  type InvitationCodeRow,
  invitationCodeRedemptions,
  invitationCodes,
  orders,
  profiles,
  referralRewards,
  referrals,
} from '../../platform/db/schema/index.ts';

/** SQL of referrals, their rewards, invitation codes and their redemptions; every query names its user. */

export function listInvitationCodesOf(db: DbOrTx, creatorId: string): Promise<InvitationCodeRow[]> {
  return db
    .select()
    .from(invitationCodes)
    .where(eq(invitationCodes.creatorId, creatorId))
    .orderBy(desc(invitationCodes.createdAt));
}

/** The creator's or redeemer's profile, locked so concurrent requests of one user go in turn. */
export async function findProfileForUpdate(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).for('update');
  return row;
}

export async function countExperienceCodesOfSince(db: DbOrTx, creatorId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invitationCodes)
    .where(
      and(
        eq(invitationCodes.creatorId, creatorId),
        eq(invitationCodes.codeType, 'experience_7day'),
        gte(invitationCodes.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** Inserts the code, or nothing (undefined) when its text is taken already. */
export async function insertInvitationCode(
  db: DbOrTx,
  values: typeof invitationCodes.$inferInsert,
): Promise<InvitationCodeRow | undefined> {
  const [row] = await db
    .insert(invitationCodes)
    .values(values)
    .onConflictDoNothing({ target: invitationCodes.code })
    .returning();
  return row;
}

export async function findInvitationCodeForUpdate(db: DbOrTx, code: string): Promise<InvitationCodeRow | undefined> {
  const [row] = await db.select().from(invitationCodes).where(eq(invitationCodes.code, code)).for('update');
  return row;
}

/**
 * Counts one use of the code, only while it is below max_uses (so the count never passes it
 * even without the row lock); false when it was used up.
 */
export async function updateInvitationCodeUse(db: DbOrTx, code: InvitationCodeRow): Promise<boolean> {
  const [counted] = await db
    .update(invitationCodes)
    .set({ currentUses: code.currentUses + 1 })
    .where(and(eq(invitationCodes.id, code.id), gt(invitationCodes.maxUses, code.currentUses)))
    .returning({ id: invitationCodes.id });
  return counted !== undefined;
}

export async function findExperienceRedemptionOf(db: DbOrTx, userId: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: invitationCodeRedemptions.id })
    .from(invitationCodeRedemptions)
    .where(
      and(eq(invitationCodeRedemptions.userId, userId), eq(invitationCodeRedemptions.codeType, 'experience_7day')),
    );
  return row;
}

export async function insertExperienceRedemption(
  db: DbOrTx,
  values: { codeId: string; userId: string; endsAt: Date },
): Promise<string | undefined> {
  const [row] = await db
    .insert(invitationCodeRedemptions)
    .values({ ...values, codeType: 'experience_7day' })
    .returning({ id: invitationCodeRedemptions.id });
  return row?.id;
}

/** The end of the user's experience pass that runs at `now`, if one does. */
export async function findRunningExperiencePassEnd(db: DbOrTx, userId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ endsAt: invitationCodeRedemptions.endsAt })
    .from(invitationCodeRedemptions)
    .where(
      and(
        eq(invitationCodeRedemptions.userId, userId),
        eq(invitationCodeRedemptions.codeType, 'experience_7day'),
        gt(invitationCodeRedemptions.endsAt, now),
      ),
    );
  return row?.endsAt ?? null;
}

export async function findUserIdByReferralCode(db: DbOrTx, code: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.referralCode, code));
  return row?.userId;
}

/** A pending referral; false when the user was referred already (one referral per user). */
export async function insertReferral(db: DbOrTx, referrerId: string, referredId: string): Promise<boolean> {
  const [row] = await db
    .insert(referrals)
    .values({ referrerId, referredId })
    .onConflictDoNothing({ target: referrals.referredId })
    .returning({ id: referrals.id });
  return row !== undefined;
}

/** Deletes the user's referral while it is pending; whether there was one. */
export async function deletePendingReferralOf(db: DbOrTx, referredId: string): Promise<boolean> {
  const deleted = await db
    .delete(referrals)
    .where(and(eq(referrals.referredId, referredId), eq(referrals.status, 'pending')))
    .returning({ id: referrals.id });
  return deleted.length > 0;
}

export async function updateReferredBy(db: DbOrTx, userId: string, referrerId: string | null): Promise<void> {
  await db.update(profiles).set({ referredBy: referrerId }).where(eq(profiles.userId, userId));
}

/** The friends a user referred, newest first, with what names them. */
export function listReferralsOf(db: DbOrTx, referrerId: string) {
  return db
    .select({
      id: referrals.id,
      status: referrals.status,
      createdAt: referrals.createdAt,
      completedAt: referrals.completedAt,
      username: profiles.username,
      email: profiles.email,
    })
    .from(referrals)
    .innerJoin(profiles, eq(profiles.userId, referrals.referredId))
    .where(eq(referrals.referrerId, referrerId))
    .orderBy(desc(referrals.createdAt));
}

export function listReferralRewardsOf(db: DbOrTx, userId: string) {
  return db.select().from(referralRewards).where(eq(referralRewards.userId, userId)).orderBy(referralRewards.createdAt);
}

/**
 * The pending referral of `referredId` if it is earned: the friend's e-mail is verified, the
 * friend's plan is not free, and the friend has a paid order of a non-zero amount with no
 * discount taken off.
 */
export async function findEarnedReferralOf(db: DbOrTx, referredId: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .innerJoin(authUsers, eq(authUsers.id, referrals.referredId))
    .innerJoin(profiles, eq(profiles.userId, referrals.referredId))
    .where(
      and(
        eq(referrals.referredId, referredId),
        eq(referrals.status, 'pending'),
        eq(authUsers.emailVerified, true),
        ne(profiles.subscriptionType, 'free'),
        exists(
          db
            .select({ id: orders.id })
            .from(orders)
            .where(
              and(
                eq(orders.userId, referredId),
                eq(orders.status, 'paid'),
                gt(orders.amount, 0),
                eq(orders.discountAmount, 0),
              ),
            ),
        ),
      ),
    );
  return row;
}

/** Pending → completed, once: the referrer's id, or undefined when it was completed already. */
export async function updateReferralCompleted(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db
    .update(referrals)
    .set({ status: 'completed', completedAt: new Date() })
    .where(and(eq(referrals.id, id), eq(referrals.status, 'pending')))
    .returning({ referrerId: referrals.referrerId });
  return row?.referrerId;
}

/** Adds one to the referrer's count of completed referrals; the new count. */
export async function updateReferralCount(db: DbOrTx, userId: string): Promise<number | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ referralCount: sql`${profiles.referralCount} + 1`, updatedAt: new Date() })
    .where(eq(profiles.userId, userId))
    .returning({ referralCount: profiles.referralCount });
  return row?.referralCount;
}

/** The reward's row, or undefined when the user has this reward already (one of each kind). */
export async function insertReferralReward(
  db: DbOrTx,
  values: typeof referralRewards.$inferInsert,
): Promise<string | undefined> {
  const [row] = await db
    .insert(referralRewards)
    .values(values)
    .onConflictDoNothing({ target: [referralRewards.userId, referralRewards.rewardType] })
    .returning({ id: referralRewards.id });
  return row?.id;
}
