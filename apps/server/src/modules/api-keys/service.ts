import { randomUUID } from 'node:crypto';
import { API_KEYS_PER_USER, type ApiKey } from '@atelier/contracts';
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
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

// Personal API keys and the webhook signing secret (issue 16, ADR 0018).

/** At most API_KEYS_PER_USER keys: counted under a lock on the profile, so two creations cannot both pass. */
export async function createApiKey(
  db: Database,
  userId: string,
  name: string,
): Promise<{ apiKey: ApiKey; secret: string }> {
  const { secret, prefix, hash } = newApiKeySecret();
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: profiles.userId }).from(profiles).where(eq(profiles.userId, userId)).for('update');
    if ((await repo.countApiKeysOf(tx, userId)) >= API_KEYS_PER_USER) {
      throw new AppError('VALIDATION_ERROR', `At most ${API_KEYS_PER_USER} API keys; revoke one first`, {
        fields: { name: 'too many keys' },
        issues: [{ field: 'name', problem: 'too_big', limit: API_KEYS_PER_USER }],
      });
    }
    const created = await repo.insertApiKey(tx, { id: randomUUID(), userId, name, prefix, secretHash: hash });
    await logSecurityEvent(tx, {
      eventType: 'api_key_created',
      userId,
      severity: 'low',
      details: { keyId: created.id, prefix },
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
 * The user behind a bearer secret: undefined for an unknown or revoked key, or an account
 * that is disabled or being deleted — the same answer, at once, with no cache to outlive it.
 */
export async function resolveApiKey(db: Database, secret: string): Promise<SessionUser | undefined> {
  const key = await repo.findApiKeyByHash(db, hashApiKeySecret(secret));
  if (!key) return undefined;
  const [owner] = await db
    .select({ email: profiles.email, role: profiles.role, disabledAt: profiles.disabledAt })
    .from(profiles)
    .where(eq(profiles.userId, key.userId));
  if (!owner || owner.disabledAt) return undefined;
  await repo.touchApiKey(db, key.id, LAST_USED_WRITE_INTERVAL_MS);
  return { id: key.userId, email: owner.email, role: owner.role, sessionId: `api-key:${key.id}`, apiKeyId: key.id };
}

/** The user's signing secret, made on first use. */
export async function webhookSecretOf(db: Database, userId: string): Promise<string> {
  return (await repo.findWebhookSecret(db, userId)) ?? repo.putWebhookSecret(db, userId, newWebhookSecret(), false);
}

export async function rotateWebhookSecret(db: Database, userId: string): Promise<string> {
  const secret = await repo.putWebhookSecret(db, userId, newWebhookSecret(), true);
  await logSecurityEvent(db, { eventType: 'webhook_secret_rotated', userId, severity: 'low' });
  return secret;
}
