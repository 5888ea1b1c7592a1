import { type DeviceFingerprint, INACTIVITY_TIMEOUT_DEFAULT_MINUTES } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authSessions, authUsers } from './auth.ts';

export const SECURITY_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type SecuritySeverity = (typeof SECURITY_SEVERITIES)[number];

/** What happened that matters for an account's security: a failed sign-in, a suspicious pattern. */
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

/**
 * What the server tracks about each Better Auth session for session security:
 * its last activity (for the inactivity timeout), the device fingerprint first reported for it
 * and how many later reports did not match. Kept beside Better Auth's table, not in it, so its
 * schema stays Better Auth's own. A session without a row has been idle since it was created.
 */
export const sessionActivity = pgTable(
  'session_activity',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    fingerprint: jsonb('fingerprint').$type<DeviceFingerprint>(),
    fingerprintMismatches: integer('fingerprint_mismatches').notNull().default(0),
  },
  (t) => [index('session_activity_user_idx').on(t.userId)],
);

/** Each user's security settings (the /security page); no row means the defaults. */
export const securitySettings = pgTable('security_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  inactivityTimeoutMinutes: integer('inactivity_timeout_minutes').notNull().default(INACTIVITY_TIMEOUT_DEFAULT_MINUTES),
  enableDeviceFingerprinting: boolean('enable_device_fingerprinting').notNull().default(true),
  enableSuspiciousActivityDetection: boolean('enable_suspicious_activity_detection').notNull().default(true),
  securityMonitoring: boolean('security_monitoring').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SecurityEvent = typeof securityEvents.$inferSelect;
