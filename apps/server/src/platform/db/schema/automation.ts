import type { WebhookDeliveryAttempt, WebhookDeliveryStatus, WebhookEventType } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

/**
 * Personal API keys (ADR 0018). Only the SHA-256 of the secret is kept: the secret is
 * 256 random bits, so a fast hash cannot be reversed by guessing. Revoking deletes the row.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The secret's first characters, shown to tell keys apart. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** What the key may do (API_KEY_SCOPES); keys made before scopes existed have every one. */
    scopes: text('scopes').array().notNull().default(sql`'{read,runs,batches,artworks,webhooks}'::text[]`),
    /** When it stops working: chosen at creation, or the end of a roll's overlap; null: never. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_idx').on(t.secretHash), index('api_keys_user_idx').on(t.userId)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * The secret a user's webhooks are signed with (Standard Webhooks `whsec_…`). It must be
 * readable to sign, so it is stored as is, like the session secret; rotating replaces it.
 */
export const webhookSecrets = pgTable('webhook_secrets', {
  userId: text('user_id')
    .primaryKey()
    .references(() => profiles.userId, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The secret a rotation replaced: deliveries are signed with it too until `previousUntil`. */
  previousSecret: text('previous_secret'),
  previousUntil: timestamp('previous_until', { withTimezone: true }),
});

/**
 * The delivery log: each webhook event sent (its body as signed), where it stands and every
 * attempt, so an integrator can see what reached their receiver and ask for one again. Rows
 * older than WEBHOOK_DELIVERY_LOG_DAYS are removed as new ones are written.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** The `webhook-id` (`msg_…`): the same on every attempt and redelivery. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    type: text('type').$type<WebhookEventType>().notNull(),
    url: text('url').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: jsonb('attempts').$type<WebhookDeliveryAttempt[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_user_created_idx').on(t.userId, t.createdAt, t.id)],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * The first answer to a POST sent with an `Idempotency-Key`, per account and key,
 * replayed for IDEMPOTENCY_KEY_TTL_HOURS to a repeat of the same request so a retried run start
 * charges once. The primary key is what makes two concurrent requests with one key start one
 * run: only one can insert the row. `status` is null while the first request is being answered.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
