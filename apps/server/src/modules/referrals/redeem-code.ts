import {
  EXPERIENCE_CODE_DAYS,
  EXPERIENCE_REDEEM_ACCOUNT_MAX_AGE_DAYS,
  PLANS,
  type RedeemInvitationCodeResponse,
} from '@atelier/contracts';
import type { Database, DbOrTx } from '../../platform/db/database.ts';
import { AppError, forbidden, notFound } from '../../platform/http/app-error.ts';
import { assertAddressProven } from '../auth/account-gate.ts';
import { findSubscription } from '../billing/repo.ts';
import { grantCredits } from '../credits/service.ts';
import * as repo from './repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What an experience pass gives: Studio's monthly allotment, once (ADR 0009). */
export const EXPERIENCE_PASS_CREDITS = PLANS.studio.monthlyCredits;

/**
 * Redeems an `experience_7day` code for `userId` (ADR 0009): a free account whose address is proven, at most
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
    await assertAddressProven(tx, userId, 'Confirm your e-mail address before redeeming a code');
    const now = new Date();
    const row = await repo.findInvitationCodeForUpdate(tx, code);
    if (row?.codeType !== 'experience_7day') throw notFound('Experience code');
    if (row.creatorId === userId) throw forbidden('You cannot redeem your own code');
    if (!row.isActive || row.expiresAt <= now) throw new AppError('CONFLICT', 'This code has expired');
    if (row.currentUses >= row.maxUses) throw new AppError('CONFLICT', 'This code has already been used');

    const profile = await repo.findProfileForUpdate(tx, userId);
    if (!profile) throw notFound('Profile');
    if (profile.subscriptionType !== 'free' || (await hasRunningSubscription(tx, userId, now))) {
      throw forbidden('Experience codes are for accounts on the free plan');
    }
    if (now.getTime() - profile.createdAt.getTime() > EXPERIENCE_REDEEM_ACCOUNT_MAX_AGE_DAYS * DAY_MS) {
      throw forbidden(`Experience codes are for accounts less than ${EXPERIENCE_REDEEM_ACCOUNT_MAX_AGE_DAYS} days old`);
    }
    if (await repo.findExperienceRedemptionOf(tx, userId))
      throw forbidden('You have already redeemed an experience code');

    if (!(await repo.updateInvitationCodeUse(tx, row)))
      throw new AppError('CONFLICT', 'This code has already been used');

    const endsAt = new Date(now.getTime() + EXPERIENCE_CODE_DAYS * DAY_MS);
    const redemptionId = await repo.insertExperienceRedemption(tx, { codeId: row.id, userId, endsAt });
    await grantCredits(tx, {
      userId,
      amount: EXPERIENCE_PASS_CREDITS,
      reason: 'referral',
      reference: redemptionId ?? null,
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
  const row = await findSubscription(db, userId);
  if (!row || (row.status !== 'active' && row.status !== 'past_due')) return false;
  return !row.currentPeriodEnd || row.currentPeriodEnd > now;
}

/** The end of the user's running experience pass, if one is running. */
export function runningExperiencePassEnd(db: DbOrTx, userId: string, now = new Date()): Promise<Date | null> {
  return repo.findRunningExperiencePassEnd(db, userId, now);
}
