import {
  INVITATION_CODE_TYPES,
  REFERRAL_REWARD_STATUSES,
  REFERRAL_REWARD_TYPES,
  REFERRAL_STATUSES,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

/**
 * Who brought whom, pending until the referral is earned. Written with the friend's profile at sign-up,
 * before the auth user row exists, hence the references to profiles. A user is referred once.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: text('referrer_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    referredId: text('referred_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('referrals_referred_idx').on(t.referredId), index('referrals_referrer_idx').on(t.referrerId)],
);
export type ReferralRow = typeof referrals.$inferSelect;

/** A reward earned by referring; the unique key grants each kind once per user. */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    rewardType: text('reward_type', { enum: REFERRAL_REWARD_TYPES }).notNull(),
    /** Credits granted with it. */
    rewardValue: integer('reward_value').notNull(),
    status: text('status', { enum: REFERRAL_REWARD_STATUSES }).notNull().default('granted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referral_rewards_user_type_idx').on(t.userId, t.rewardType)],
);

/** Codes a user hands out: seven-day experience codes (Studio) and new-user discounts. */
export const invitationCodes = pgTable(
  'invitation_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    codeType: text('code_type', { enum: INVITATION_CODE_TYPES }).notNull(),
    /** Minor units; null for experience codes. */
    discountAmount: integer('discount_amount'),
    discountCurrency: text('discount_currency'),
    currentUses: integer('current_uses').notNull().default(0),
    maxUses: integer('max_uses').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitation_codes_code_idx').on(t.code),
    index('invitation_codes_creator_idx').on(t.creatorId, t.createdAt),
  ],
);
export type InvitationCodeRow = typeof invitationCodes.$inferSelect;

/**
 * Who redeemed which invitation code (ADR 0009). An experience code gives a seven-day Studio
 * pass that ends at `ends_at` by itself: nothing is written when it ends, readers compare the
 * date. One experience pass per user (the partial unique index).
 */
export const invitationCodeRedemptions = pgTable(
  'invitation_code_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => invitationCodes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    codeType: text('code_type', { enum: INVITATION_CODE_TYPES }).notNull(),
    /** End of the experience pass; null for other kinds. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitation_code_redemptions_code_user_idx').on(t.codeId, t.userId),
    uniqueIndex('invitation_code_redemptions_experience_idx')
      .on(t.userId)
      .where(sql`${t.codeType} = 'experience_7day'`),
  ],
);
export type InvitationCodeRedemptionRow = typeof invitationCodeRedemptions.$inferSelect;
