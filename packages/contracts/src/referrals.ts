import { z } from 'zod';
import { CODE_MAX_LENGTH } from './limits.ts';
import { lineText } from './text-fields.ts';

/**
 * The referral programme and invitation codes (ADR 0009). The
 * server enforces these numbers and the referral centre shows them, so each lives here once.
 */

/**
 * Cookie the SPA sets from `/login?ref=CODE` (alongside sessionStorage), read by the server
 * when any sign-up creates a profile, so third-party sign-in carries the code too. A day is
 * ample for finishing a sign-up.
 */
export const REFERRAL_CODE_COOKIE = 'atelier_ref';
export const REFERRAL_CODE_COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;

/** Completed referrals that earn a month of Pro, and lifetime membership. */
export const REFERRALS_FOR_PRO_MONTH = 1;
export const REFERRALS_FOR_LIFETIME = 3;

export const REFERRAL_STATUSES = ['pending', 'completed'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const REFERRAL_REWARD_TYPES = ['pro_month', 'lifetime'] as const;
export type ReferralRewardType = (typeof REFERRAL_REWARD_TYPES)[number];
/** Rewards are granted when earned; `pending` (awaiting claim) is part of the spec's value set. */
export const REFERRAL_REWARD_STATUSES = ['pending', 'granted'] as const;

export const INVITATION_CODE_TYPES = ['experience_7day', 'discount_new_user'] as const;
export type InvitationCodeType = (typeof INVITATION_CODE_TYPES)[number];

/** Invitation codes: 8 random upper-case letters and digits, made like referral codes. */
export const INVITATION_CODE_PATTERN = /^[A-Z0-9]{8}$/;
/** Days until a code expires, per kind. */
export const INVITATION_CODE_EXPIRY_DAYS: Record<InvitationCodeType, number> = {
  experience_7day: 30,
  discount_new_user: 90,
};
/** Experience codes a Studio subscriber may create per calendar month (UTC). */
export const EXPERIENCE_CODES_PER_MONTH = 3;
/** Days of paid features an experience code gives a new user. */
export const EXPERIENCE_CODE_DAYS = 7;
/** Each code is single-use. */
export const INVITATION_CODE_MAX_USES = 1;
/** The new-user discount: 9.9 off a first purchase, in dollars (yuan in Chinese). Minor units. */
export const NEW_USER_DISCOUNT_MINOR = 990;
/** Per-user limit on code creation of any kind, against scripts (codes per hour). */
export const INVITATION_CODES_PER_HOUR = 20;

export const referralProgressSchema = z
  .object({
    /** Completed referrals. */
    count: z.number().int(),
    /** 1 (Pro) with none, 3 (lifetime) with 1-2, else the count itself. */
    target: z.number().int(),
    nextReward: z.enum(REFERRAL_REWARD_TYPES),
  })
  .meta({ id: 'ReferralProgress' });
export type ReferralProgress = z.infer<typeof referralProgressSchema>;

/** What the progress card shows for a number of completed referrals: the next target
 * is 1 (a month of Pro), then 3 (lifetime); from 3 on, the count itself. */
export function referralProgress(count: number): ReferralProgress {
  if (count < REFERRALS_FOR_PRO_MONTH) return { count, target: REFERRALS_FOR_PRO_MONTH, nextReward: 'pro_month' };
  if (count < REFERRALS_FOR_LIFETIME) return { count, target: REFERRALS_FOR_LIFETIME, nextReward: 'lifetime' };
  return { count, target: count, nextReward: 'lifetime' };
}

export const invitationCodeSchema = z
  .object({
    code: z.string(),
    codeType: z.enum(INVITATION_CODE_TYPES),
    /** Minor units; null for experience codes. */
    discountAmount: z.number().int().nullable(),
    discountCurrency: z.string().nullable(),
    currentUses: z.number().int(),
    maxUses: z.number().int(),
    expiresAt: z.string(),
    /** False once used up or expired. */
    isActive: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'InvitationCode' });
export type InvitationCode = z.infer<typeof invitationCodeSchema>;

export const referralsResponseSchema = z
  .object({
    progress: referralProgressSchema,
    referralCode: z.string(),
    /** The sign-up link with the code: `<origin>/login?ref=CODE`. */
    referralLink: z.string(),
    history: z.array(
      z.object({
        id: z.string(),
        /** The friend's username, else the part of the e-mail before the @. */
        referredName: z.string(),
        status: z.enum(REFERRAL_STATUSES),
        createdAt: z.string(),
        completedAt: z.string().nullable(),
      }),
    ),
    rewards: z.array(
      z.object({
        id: z.string(),
        rewardType: z.enum(REFERRAL_REWARD_TYPES),
        /** Credits granted with the reward. */
        rewardValue: z.number().int(),
        status: z.enum(REFERRAL_REWARD_STATUSES),
        createdAt: z.string(),
      }),
    ),
    invitationCodes: z.array(invitationCodeSchema),
    /** Only Studio subscribers may create experience codes. */
    canCreateExperienceCodes: z.boolean(),
  })
  .meta({
    id: 'ReferralOverview',
    description: "The caller's referral progress, code, link, history, rewards and codes.",
  });
export type ReferralsResponse = z.infer<typeof referralsResponseSchema>;

export const createInvitationCodeSchema = z
  .object({ codeType: z.enum(INVITATION_CODE_TYPES) })
  .meta({ id: 'CreateInvitationCodeRequest' });
export type CreateInvitationCodeRequest = z.infer<typeof createInvitationCodeSchema>;

/** The discount is in yuan for a Chinese-language creator, else in US dollars. */
export function newUserDiscountCurrency(language: string): 'usd' | 'cny' {
  return language.startsWith('zh') ? 'cny' : 'usd';
}

/** An account may redeem an experience code within this many days of registering (ADR 0009). */
export const EXPERIENCE_REDEEM_ACCOUNT_MAX_AGE_DAYS = 7;

export const redeemInvitationCodeSchema = z
  .object({ code: lineText().min(1, 'Please enter a code').max(CODE_MAX_LENGTH) })
  .meta({ id: 'RedeemCodeRequest' });
export type RedeemInvitationCodeRequest = z.infer<typeof redeemInvitationCodeSchema>;

export const redeemInvitationCodeResponseSchema = z
  .object({
    codeType: z.literal('experience_7day'),
    /** The plan the pass gives, until `endsAt`. */
    plan: z.literal('studio'),
    endsAt: z.string(),
    /** Credits granted with the pass. */
    credits: z.number().int(),
  })
  .meta({ id: 'ExperiencePass' });
export type RedeemInvitationCodeResponse = z.infer<typeof redeemInvitationCodeResponseSchema>;
