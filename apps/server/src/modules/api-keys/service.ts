import { randomUUID } from 'node:crypto';
import {
  API_KEY_ROLL_OVERLAP_DEFAULT_SECONDS,
  API_KEY_SCOPES,
  API_KEYS_PER_USER,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyBody,
  WEBHOOK_SECRET_OVERLAP_SECONDS,
} from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { type ApiKeyRow, profiles } from '../../platform/db/schema/index.ts';
import type { SessionUser } from '../../platform/http/app-env.ts';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import { logSecurityEvent } from '../security/security-events.ts';
import { hashApiKeySecret, newApiKeySecret, newWebhookSecret } from './api-key-secrets.ts';
import * as repo from './repo.ts';

/** `lastUsedAt` is written at most this often per key. */
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

const presentApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiKeyScope[],
  expiresAt: row.expiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

// Personal API keys and the webhook signing secret (ADR 0018).

/** At most API_KEYS_PER_USER keys: counted under a lock on the profile, so two creations cannot both pass. */
export async function createApiKey(
  db: Database,
  userId: string,
  body: CreateApiKeyBody,
): Promise<{ apiKey: ApiKey; secret: string }> {
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw new AppError('VALIDATION_ERROR', 'expiresAt: must be in the future', {
      fields: { expiresAt: 'must be in the future' },
      issues: [{ field: 'expiresAt', problem: 'too_small' }],
    });
  }
  const { secret, prefix, hash } = newApiKeySecret();
  // In the catalogue's order, each once.
  const scopes = API_KEY_SCOPES.filter((scope) => !body.scopes || body.scopes.includes(scope));
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: profiles.userId }).from(profiles).where(eq(profiles.userId, userId)).for('update');
    if ((await repo.countApiKeysOf(tx, userId)) >= API_KEYS_PER_USER) {
      throw new AppError('VALIDATION_ERROR', `At most ${API_KEYS_PER_USER} API keys; revoke one first`, {
        fields: { name: 'too many keys' },
        issues: [{ field: 'name', problem: 'too_big', limit: API_KEYS_PER_USER }],
      });
    }
    const created = await repo.insertApiKey(tx, {
      id: randomUUID(),
      userId,
      name: body.name,
      prefix,
      secretHash: hash,
      scopes,
      expiresAt,
    });
    await logSecurityEvent(tx, {
      eventType: 'api_key_created',
      userId,
      severity: 'low',
      details: { keyId: created.id, prefix, scopes },
    });
    return created;
  });
  return { apiKey: presentApiKey(row), secret };
}

export async function listApiKeys(db: Database, userId: string): Promise<ApiKey[]> {
  return (await repo.listApiKeysOf(db, userId)).map(presentApiKey);
}

export async function revokeApiKey(db: Database, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.deleteApiKeyOf(tx, userId, id);
    if (!row) throw notFound('API key');
    await logSecurityEvent(tx, {
      eventType: 'api_key_revoked',
      userId,
      severity: 'low',
      details: { keyId: row.id, prefix: row.prefix },
    });
  });
}

/**
 * Rolls a key, as Stripe does: a new secret with the old key's name and scopes, and the old one
 * working on for `overlapSeconds` (so the deployments that hold it can move over), then
 * refused as an expired key. Not counted against API_KEYS_PER_USER: it replaces a key. An old
 * key whose own expiry comes sooner keeps it.
 */
export async function rollApiKey(
  db: Database,
  userId: string,
  id: string,
  overlapSeconds = API_KEY_ROLL_OVERLAP_DEFAULT_SECONDS,
): Promise<{ apiKey: ApiKey; secret: string; previousKey: ApiKey }> {
  const { secret, prefix, hash } = newApiKeySecret();
  const { created, previous } = await db.transaction(async (tx) => {
    const old = await repo.findApiKeyOf(tx, userId, id, true);
    if (!old || isExpired(old)) throw notFound('API key');
    const overlapEnds = new Date(Date.now() + overlapSeconds * 1000);
    const ends = old.expiresAt && old.expiresAt < overlapEnds ? old.expiresAt : overlapEnds;
    const previous = await repo.expireApiKey(tx, old.id, ends);
    const created = await repo.insertApiKey(tx, {
      id: randomUUID(),
      userId,
      name: old.name,
      prefix,
      secretHash: hash,
      scopes: old.scopes,
      expiresAt: old.expiresAt,
    });
    await logSecurityEvent(tx, {
      eventType: 'api_key_rolled',
      userId,
      severity: 'low',
      details: { keyId: created.id, prefix, previousKeyId: old.id, previousExpiresAt: ends.toISOString() },
    });
    return { created, previous };
  });
  return { apiKey: presentApiKey(created), secret, previousKey: presentApiKey(previous) };
}

const isExpired = (row: ApiKeyRow) => row.expiresAt !== null && row.expiresAt.getTime() <= Date.now();

/**
 * The user behind a bearer secret: undefined for an unknown or revoked key, or an account
 * that is disabled or being deleted, or a key past its `expiresAt` — the same answer, at once, with no cache to outlive it.
 */
export async function resolveApiKey(db: Database, secret: string): Promise<SessionUser | undefined> {
  const key = await repo.findApiKeyByHash(db, hashApiKeySecret(secret));
  if (!key || isExpired(key)) return undefined;
  const [owner] = await db
    .select({ email: profiles.email, role: profiles.role, disabledAt: profiles.disabledAt })
    .from(profiles)
    .where(eq(profiles.userId, key.userId));
  if (!owner || owner.disabledAt) return undefined;
  await repo.touchApiKey(db, key.id, LAST_USED_WRITE_INTERVAL_MS);
  return {
    id: key.userId,
    email: owner.email,
    role: owner.role,
    sessionId: `api-key:${key.id}`,
    apiKeyId: key.id,
    apiKeyScopes: key.scopes as ApiKeyScope[],
  };
}

/** The user's signing secrets, made on first use. */
export async function webhookSecretsOf(db: Database, userId: string): Promise<repo.WebhookSecrets> {
  return (await repo.findWebhookSecrets(db, userId)) ?? repo.putWebhookSecret(db, userId, newWebhookSecret());
}

/** A new secret; the replaced one signs beside it for WEBHOOK_SECRET_OVERLAP_SECONDS. */
export async function rotateWebhookSecret(db: Database, userId: string): Promise<repo.WebhookSecrets> {
  const secrets = await repo.rotateWebhookSecret(db, userId, newWebhookSecret(), WEBHOOK_SECRET_OVERLAP_SECONDS);
  await logSecurityEvent(db, { eventType: 'webhook_secret_rotated', userId, severity: 'low' });
  return secrets;
}

/** The secrets as the API shows them: the one in force, and until when the previous one signs too. */
export const presentWebhookSecrets = (secrets: repo.WebhookSecrets) => ({
  secret: secrets.secret,
  previousSecretExpiresAt: secrets.previous?.until.toISOString() ?? null,
});
