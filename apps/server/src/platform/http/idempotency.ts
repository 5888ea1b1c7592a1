import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_IN_USE_RETRY_AFTER_SECONDS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@atelier/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { Database } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import type { AppEnv } from './app-env.ts';
import { AppError } from './app-error.ts';

/** Visible ASCII, no spaces: what a UUID, a ULID or a client's own token is made of. */
const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/**
 * Answers kept for a replay. A 5xx (nothing was done: the database did not answer, or the
 * request failed unexpectedly) and a 429 (not acted on yet) are not: the same key may be sent
 * again and is then acted on, as the client retrying expects.
 */
const isKept = (status: number) => status < 500 && status !== 429;

/**
 * What a request is, for telling a repeat from another request under the same key: the
 * method, the path with its query, and the body. A multipart body's boundary is chosen anew by
 * the client for each sending, so it is replaced by a constant before hashing.
 */
async function requestHash(c: Context): Promise<string> {
  const url = new URL(c.req.url);
  const hash = createHash('sha256').update(`${c.req.method} ${url.pathname}${url.search}\n`);
  const contentType = c.req.header('content-type') ?? '';
  hash.update(`${contentType.replace(/;.*$/, '').trim().toLowerCase()}\n`);
  if (!c.req.raw.body) return hash.digest('hex');
  const body = Buffer.from(await c.req.raw.clone().arrayBuffer());
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return hash.update(body).digest('hex');
  const marker = Buffer.from(boundary);
  let start = 0;
  for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, start)) {
    hash.update(body.subarray(start, at)).update('\0boundary\0');
    start = at + marker.length;
  }
  return hash.update(body.subarray(start)).digest('hex');
}

/**
 * `Idempotency-Key` on a signed-in caller's POST to the API: the first answer is
 * kept per account and key for IDEMPOTENCY_KEY_TTL_HOURS; the same request sent again with
 * the key gets that answer back (same status and body, `Idempotent-Replayed: true`) and is not
 * acted on — a run or batch is started and charged once. The key with another request answers
 * 422 IDEMPOTENCY_KEY_REUSED; while the first is still being answered, a second one answers
 * 409 IDEMPOTENCY_KEY_IN_USE with Retry-After, so two concurrent requests start one run: the
 * key's row is inserted before the request is acted on, and only one insert can win (primary
 * key). A request without the header, or without a caller, passes as it is.
 */
export function idempotentPosts(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined || c.req.method !== 'POST') return next();
    if (!KEY_PATTERN.test(key)) {
      throw new AppError(
        'VALIDATION_ERROR',
        `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`,
        {
          fields: { [IDEMPOTENCY_KEY_HEADER]: 'invalid' },
          issues: [{ field: IDEMPOTENCY_KEY_HEADER, problem: 'invalid' }],
        },
      );
    }
    // The route answers a missing or ended session itself (401); nothing to keep for it.
    const user = await c
      .get('getSessionUser')(c.req.raw.headers, { touch: false })
      .catch(() => null);
    if (!user) return next();
    const hash = await requestHash(c);
    const expired = sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`;
    // An expired key is free again (and the account's expired rows go with it).
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user.id), lt(idempotencyKeys.createdAt, expired)));
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId: user.id, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    const mine = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key));
    if (claimed.length === 0) {
      const [first] = await db.select().from(idempotencyKeys).where(mine);
      if (!first) throw inUse(); // released by a failed first request a moment ago
      if (first.requestHash !== hash) {
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          `This ${IDEMPOTENCY_KEY_HEADER} was sent with another request: use a new key for a new request`,
        );
      }
      if (first.status === null) throw inUse();
      const body = first.body !== null && isBinary(first.contentType) ? Buffer.from(first.body, 'base64') : first.body;
      return c.body(body as string, first.status as never, {
        ...(first.contentType ? { 'content-type': first.contentType } : {}),
        [IDEMPOTENT_REPLAYED_HEADER]: 'true',
      });
    }
    try {
      await next();
    } catch (error) {
      await db.delete(idempotencyKeys).where(mine);
      throw error;
    }
    if (!isKept(c.res.status)) {
      await db.delete(idempotencyKeys).where(mine);
      return;
    }
    const answer = c.res.clone();
    await db
      .update(idempotencyKeys)
      .set({
        status: answer.status,
        contentType: answer.headers.get('content-type'),
        body: !answer.body
          ? null
          : isBinary(answer.headers.get('content-type'))
            ? Buffer.from(await answer.arrayBuffer()).toString('base64')
            : await answer.text(),
      })
      .where(mine);
  };
}

/** An answer that is not text (a run start's image, `Accept: image/…`) is kept base64-encoded. */
const isBinary = (contentType: string | null) =>
  contentType !== null && !/^(text\/|application\/([\w.+-]*\+)?json)/i.test(contentType);

const inUse = () =>
  new AppError('IDEMPOTENCY_KEY_IN_USE', `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being answered`, {
    retryAfter: IDEMPOTENCY_IN_USE_RETRY_AFTER_SECONDS,
  });
