import { LEDGER_REASONS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Why a balance changed: one list, in contracts (the ledger endpoint names the same reasons).
 * `team`: credits moved between the owner's balance and a team's pool.
 * `demo`: a run on the demo engine, recorded at 0 credits so the ledger lists every run. */
export const CREDIT_REASONS = LEDGER_REASONS;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/**
 * Append-only: every change of a balance is one row, written in the same transaction as the
 * balance. The idempotency key makes a replayed grant, charge or refund a no-op.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Whose action it was; on a team's row, the member who ran or funded. */
    userId: text('user_id').notNull(),
    /** Set when the row changes a team's pool rather than the user's own balance. */
    teamId: uuid('team_id'),
    /** Positive for grants and refunds, negative for charges, 0 for a demo run. */
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason', { enum: CREDIT_REASONS }).notNull(),
    /** What the change is for: a run id, an order id, … */
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The admin who made an `admin` change (its reason is in the audit log, see `reference`). */
    actorId: text('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    index('credit_ledger_team_idx').on(t.teamId, t.createdAt),
  ],
);

export type CreditLedgerEntry = typeof creditLedger.$inferSelect;
