import {
  EXPERIENCE_CODES_PER_MONTH,
  hasFeature,
  INVITATION_CODE_EXPIRY_DAYS,
  INVITATION_CODE_MAX_USES,
  INVITATION_CODES_PER_HOUR,
  type InvitationCode,
  type InvitationCodeType,
  isPlanId,
  NEW_USER_DISCOUNT_MINOR,
  newUserDiscountCurrency,
} from '@atelier/contracts';
import type { Database, Transaction } from '../../platform/db/database.ts';
import type { InvitationCodeRow, invitationCodes } from '../../platform/db/schema/index.ts';
import { AppError, forbidden, notFound, rateLimited } from '../../platform/http/app-error.ts';
import { newReferralCode } from '../profiles/referral-code.ts';
import { enforceRateLimit } from '../security/enforce-rate-limit.ts';
import * as repo from './repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const CREATION_RULE = { maxAttempts: INVITATION_CODES_PER_HOUR, windowMinutes: 60, blockMinutes: 60 };

/** The plan's `experienceCodes` entitlement: Studio and Lifetime (ADR 0006, 0030). */
export const mayCreateExperienceCodes = (plan: string) => isPlanId(plan) && hasFeature(plan, 'experienceCodes');

/** A code is usable while switched on, not used up and not expired. */
export function toInvitationCodeDto(row: InvitationCodeRow, now = new Date()): InvitationCode {
  return {
    code: row.code,
    codeType: row.codeType,
    discountAmount: row.discountAmount,
    discountCurrency: row.discountCurrency,
    currentUses: row.currentUses,
    maxUses: row.maxUses,
    expiresAt: row.expiresAt.toISOString(),
    isActive: row.isActive && row.currentUses < row.maxUses && row.expiresAt > now,
    createdAt: row.createdAt.toISOString(),
  };
}

const startOfUtcMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * Creates an invitation code of `codeType` for `creatorId`: seven-day experience codes
 * for Studio only (403), at most 3 per calendar month (429); discount codes for anyone with
 * a referral code. The creator's profile row is locked so concurrent requests count in turn.
 */
export async function createInvitationCode(
  db: Database,
  creatorId: string,
  codeType: InvitationCodeType,
): Promise<InvitationCode> {
  await enforceRateLimit(db, {
    key: `invitation-code:${creatorId}`,
    rule: CREATION_RULE,
    action: 'invitation_code',
    userId: creatorId,
    message: 'Too many invitation codes; try again later',
  });
  return db.transaction(async (tx) => {
    const creator = await repo.findProfileForUpdate(tx, creatorId);
    if (!creator) throw notFound('Profile');
    const now = new Date();
    if (codeType === 'experience_7day') await checkExperienceAllowance(tx, creator, now);
    else if (!creator.referralCode) throw forbidden('A referral code is needed to create discount codes');
    const discount = codeType === 'discount_new_user';
    return toInvitationCodeDto(
      await insertUniqueCode(tx, {
        creatorId,
        codeType,
        discountAmount: discount ? NEW_USER_DISCOUNT_MINOR : null,
        discountCurrency: discount ? newUserDiscountCurrency(creator.language) : null,
        maxUses: INVITATION_CODE_MAX_USES,
        expiresAt: new Date(now.getTime() + INVITATION_CODE_EXPIRY_DAYS[codeType] * DAY_MS),
      }),
      now,
    );
  });
}

async function checkExperienceAllowance(
  tx: Transaction,
  creator: { userId: string; subscriptionType: string },
  now: Date,
) {
  if (!mayCreateExperienceCodes(creator.subscriptionType)) {
    throw forbidden('Only Studio subscribers can create experience codes');
  }
  if (
    (await repo.countExperienceCodesOfSince(tx, creator.userId, startOfUtcMonth(now))) >= EXPERIENCE_CODES_PER_MONTH
  ) {
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    throw rateLimited(
      Math.ceil((nextMonth.getTime() - now.getTime()) / 1000),
      `Experience codes are limited to ${EXPERIENCE_CODES_PER_MONTH} per month`,
    );
  }
}

/** Codes are random; a collision is astronomically rare and simply draws again. */
async function insertUniqueCode(
  tx: Transaction,
  values: Omit<typeof invitationCodes.$inferInsert, 'code'>,
): Promise<InvitationCodeRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await repo.insertInvitationCode(tx, { ...values, code: newReferralCode() });
    if (row) return row;
  }
  throw new AppError('INTERNAL', 'Could not find a free invitation code');
}
