import { USER_ROLES } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One row per user (name, avatar, referral code, plan, credits). `user_id` is the auth user's id. The credit
 * balance lives here and is changed only by the credits module, together with a ledger row;
 * the CHECK makes a negative balance impossible whatever the code does.
 */
export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id').primaryKey(),
    email: text('email').notNull(),
    username: text('username'),
    avatarUrl: text('avatar_url'),
    referralCode: text('referral_code').notNull(),
    referredBy: text('referred_by'),
    referralCount: integer('referral_count').notNull().default(0),
    subscriptionType: text('subscription_type').notNull().default('free'),
    credits: integer('credits').notNull().default(0),
    language: text('language').notNull().default('en'),
    /** `admin` opens the admin console (ADMIN_EMAILS at sign-in, or `npm run admin`). */
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    /**
     * When the account's address was proven by whoever holds its way in (the verification link
     * opened where the account is signed in, a password reset, a sign-up through Apple). Until
     * then the account is only a claim on the address: someone may have signed up with another
     * person's e-mail. Sessions made before this moment are ended; ADMIN_EMAILS applies after it.
     */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Set while an admin has disabled the account: no sign-in, no session, out of the gallery. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('profiles_credits_non_negative', sql`${t.credits} >= 0`),
    check('profiles_role_known', sql`${t.role} IN ('user', 'admin')`),
    uniqueIndex('profiles_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('profiles_referral_code_idx').on(t.referralCode),
  ],
);

export type Profile = typeof profiles.$inferSelect;
