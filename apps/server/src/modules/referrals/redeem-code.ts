import {
  EXPERIENCE_CODE_DAYS,
  EXPERIENCE_REDEEM_ACCOUNT_MAX_AGE_DAYS,
  PLANS,
  type RedeemInvitationCodeResponse,
} from '@atelier/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../platform/db/database.ts';
import { invitationCodeRedemptions, invitationCodes, profiles, subscriptions } from '../../platform/db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../platform/http/app-error.ts';
import { grantCredits } from '../credits/service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What an experience pass gives: Studio's monthly allotment, once (ADR 0009). */
export const EXPERIENCE_PASS_CREDITS = PLANS.studio.monthlyCredits;

/**
 * Redeems an `experience_7day` code for `userId` (ADR 0009): a free account at most
 * EXPERIENCE_REDEEM_ACCOUNT_MAX_AGE_DAYS old, once per user, never its own code. In one
 * transaction the code's use is counted (refused at max_uses), the seven-day pass is recorded
 * and the Studio credits are granted (idempotent per code and user).
 */
export async function redeemExperienceCode(
  db: Database,
  userId: string,
  rawCode: string,
): Promise<RedeemInvitationCodeResponse> {
  const code = rawCode.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx.select().from(invitationCodes).where(eq(invitationCodes.code, code)).for('update');
    if (row?.codeType !== 'experience_7day') throw notFound('Experience code');
    if (row.creatorId === userId) throw forbidden('You cannot redeem your own code');
    if (!row.isActive || row.expiresAt <= now) throw new AppError('CONFLICT', 'This code has expired');
    if (row.currentUses >= row.maxUses) throw new AppError('CONFLICT', 'This code has already been used');

    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update');
    if (!profile) throw notFound('Profile');
    if (profile.subscriptionType !== 'free' || (await hasRunningSubscription(tx, userId, now))) {
      throw forbidden('Experience codes are for accounts on the free plan');
    }
    if (now.getTime() - profile.createdAt.getTime() > EXPERIENCE_REDEEM_ACCOUNT_MAX_AGE_DAYS * DAY_MS) {
      throw forbidden(`Experience codes are for accounts less than ${EXPERIENCE_REDEEM_ACCOUNT_MAX_AGE_DAYS} days old`);
    }
    const [earlier] = await tx
      .select({ id: invitationCodeRedemptions.id })
      .from(invitationCodeRedemptions)
      .where(
        and(eq(invitationCodeRedemptions.userId, userId), eq(invitationCodeRedemptions.codeType, 'experience_7day')),
      );
    if (earlier) throw forbidden('You have already redeemed an experience code');

    // Conditional, so the count never passes max_uses even if the lock above were missing.
    const [counted] = await tx
      .update(invitationCodes)
      .set({ currentUses: row.currentUses + 1 })
      .where(and(eq(invitationCodes.id, row.id), gt(invitationCodes.maxUses, row.currentUses)))
      .returning({ id: invitationCodes.id });
    if (!counted) throw new AppError('CONFLICT', 'This code has already been used');

    const endsAt = new Date(now.getTime() + EXPERIENCE_CODE_DAYS * DAY_MS);
    const [redemption] = await tx
      .insert(invitationCodeRedemptions)
      .values({ codeId: row.id, userId, codeType: 'experience_7day', endsAt })
      .returning({ id: invitationCodeRedemptions.id });
    await grantCredits(tx, {
      userId,
      amount: EXPERIENCE_PASS_CREDITS,
      reason: 'referral',
      reference: redemption?.id ?? null,
      idempotencyKey: `experience-code:${row.id}:${userId}`,
    });
    return {
      codeType: 'experience_7day',
      plan: 'studio',
      endsAt: endsAt.toISOString(),
      credits: EXPERIENCE_PASS_CREDITS,
    };
  });
}

async function hasRunningSubscription(db: DbOrTx, userId: string, now: Date) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!row || (row.status !== 'active' && row.status !== 'past_due')) return false;
  return !row.currentPeriodEnd || row.currentPeriodEnd > now;
}

/** The end of the user's running experience pass, if one is running. */
export async function runningExperiencePassEnd(db: DbOrTx, userId: string, now = new Date()): Promise<Date | null> {
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
