import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const SECURITY_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type SecuritySeverity = (typeof SECURITY_SEVERITIES)[number];

/** What happened that matters for an account's security (platform.md §3 security event). */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Null when the event cannot be tied to an account (e.g. an unknown username). */
    userId: text('user_id'),
    eventType: text('event_type').notNull(),
    severity: text('severity', { enum: SECURITY_SEVERITIES }).notNull().default('medium'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    userAgent: text('user_agent'),
    sessionId: text('session_id'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('security_events_user_idx').on(t.userId, t.createdAt),
    index('security_events_type_idx').on(t.eventType, t.createdAt),
  ],
);

/**
 * One row per limited key (e.g. `sign-in:account:ada@example.com`): attempts counted in a
 * window, and a block that refuses further attempts until it ends. Kept in the database so
 * every API process shares it.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

export type SecurityEvent = typeof securityEvents.$inferSelect;
