import { ADMIN_ACTION_SOURCES, ADMIN_ACTIONS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every admin action: who (an admin, the command line, or ADMIN_EMAILS), what, on whom, why,
 * the state before and after, and when. Append-only: the migration adds triggers that refuse
 * UPDATE, DELETE and TRUNCATE on this table, whatever the code does. Rows keep the e-mails as
 * they were, and no foreign key, so a deleted account's trail stays.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    via: text('via', { enum: ADMIN_ACTION_SOURCES }).notNull(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action', { enum: ADMIN_ACTIONS }).notNull(),
    targetUserId: text('target_user_id'),
    targetEmail: text('target_email'),
    runId: uuid('run_id'),
    reason: text('reason').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull().default({}),
    after: jsonb('after').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_audit_log_target_idx').on(t.targetUserId, t.createdAt.desc()),
  ],
);

export type AdminAuditRow = typeof adminAuditLog.$inferSelect;
