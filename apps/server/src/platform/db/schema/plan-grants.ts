import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

export const PLAN_GRANT_SOURCES = ['admin', 'referral'] as const;
export type PlanGrantSource = (typeof PLAN_GRANT_SOURCES)[number];

/**
 * A plan given rather than bought (ADR 0032): by an admin, or by a referral reward (a month of
 * Pro). While it runs (`ends_at` in the future, or none) the account has the plan's entitlements
 * exactly as if it had paid; when it ends nothing is written — readers compare the date.
 * An admin taking a grant back early sets `ends_at` to that moment.
 */
export const planGrants = pgTable(
  'plan_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['pro', 'studio', 'lifetime'] }).notNull(),
    source: text('source', { enum: PLAN_GRANT_SOURCES }).notNull(),
    /** Why (an admin's reason; `referral reward` for rewards). */
    reason: text('reason').notNull(),
    /** Null: no end. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plan_grants_user_idx').on(t.userId),
    check('plan_grants_plan_known', sql`${t.plan} IN ('pro', 'studio', 'lifetime')`),
  ],
);
export type PlanGrantRow = typeof planGrants.$inferSelect;
