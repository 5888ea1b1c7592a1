import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { type ApiKeyRow, apiKeys, webhookSecrets } from '../../platform/db/schema/index.ts';

/** SQL of API keys and webhook secrets; every query but the key lookup is scoped by owner. */

export async function insertApiKey(db: DbOrTx, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

export function listApiKeysOf(db: DbOrTx, userId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(asc(apiKeys.createdAt));
}

export async function countApiKeysOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
  return Number(row?.n ?? 0);
}

export async function deleteApiKeyOf(db: DbOrTx, userId: string, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning();
  return row;
}

/** One of the user's keys (`lock`: for update, so two rolls of it cannot both pass). */
export async function findApiKeyOf(db: DbOrTx, userId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function expireApiKey(db: DbOrTx, id: string, at: Date): Promise<ApiKeyRow> {
  const [row] = await db.update(apiKeys).set({ expiresAt: at }).where(eq(apiKeys.id, id)).returning();
  return row!;
}

export async function findApiKeyByHash(db: DbOrTx, hash: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.secretHash, hash));
  return row;
}

/** Notes a use, at most once per `intervalMs`, so a busy key costs few writes. */
export async function touchApiKey(db: DbOrTx, id: string, intervalMs: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, sql`now() - ${intervalMs}::int * interval '1 millisecond'`),
        ),
      ),
    );
}

/** A user's webhook signing secrets: the one in force, and the one it replaced while in its overlap. */
export interface WebhookSecrets {
  secret: string;
  previous?: { secret: string; until: Date };
}

const secretsOf = (row: typeof webhookSecrets.$inferSelect, now = new Date()): WebhookSecrets => ({
  secret: row.secret,
  ...(row.previousSecret && row.previousUntil && row.previousUntil > now
    ? { previous: { secret: row.previousSecret, until: row.previousUntil } }
    : {}),
});

export async function findWebhookSecrets(db: DbOrTx, userId: string): Promise<WebhookSecrets | undefined> {
  const [row] = await db.select().from(webhookSecrets).where(eq(webhookSecrets.userId, userId));
  return row && secretsOf(row);
}

/** Stores a secret unless the user has one, and returns the secrets in force. */
export async function putWebhookSecret(db: DbOrTx, userId: string, secret: string): Promise<WebhookSecrets> {
  await db.insert(webhookSecrets).values({ userId, secret }).onConflictDoNothing();
  return (await findWebhookSecrets(db, userId))!;
}

/**
 * Replaces the user's secret; the one replaced keeps signing beside it for `overlapSeconds`.
 * In one statement, so two rotations at once cannot both keep the same old secret.
 */
export async function rotateWebhookSecret(
  db: DbOrTx,
  userId: string,
  secret: string,
  overlapSeconds: number,
): Promise<WebhookSecrets> {
  const until = sql`now() + ${overlapSeconds}::int * interval '1 second'`;
  const [row] = await db
    .insert(webhookSecrets)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: webhookSecrets.userId,
      set: {
        secret,
        createdAt: sql`now()`,
        previousSecret: sql`${webhookSecrets.secret}`,
        previousUntil: until,
      },
    })
    .returning();
  return secretsOf(row!);
}
