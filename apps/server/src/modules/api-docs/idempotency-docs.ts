import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@atelier/contracts';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  responses?: Record<string, { description?: string; $ref?: string }>;
}
interface Document {
  paths?: object;
  components?: object;
}

/** What the document says of `Idempotency-Key` (platform/http/idempotency.ts), once. */
export const IDEMPOTENCY_DESCRIPTION =
  `Send \`${IDEMPOTENCY_KEY_HEADER}: <a new UUID>\` with any POST made as a signed-in caller (session or API key) ` +
  `so that it can be retried safely: the first answer is kept for ${IDEMPOTENCY_KEY_TTL_HOURS} hours per account ` +
  `and key, and the same request sent again (same method, path and body) gets that answer back — same status, ` +
  `same body, \`${IDEMPOTENT_REPLAYED_HEADER}: true\` — without being acted on again: a run or batch is started and ` +
  'charged once. The key with another request answers 422 IDEMPOTENCY_KEY_REUSED; while the first request is ' +
  'still being answered, a repeat answers 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. An answer of 429 or 5xx is ' +
  'not kept (nothing was done), so a retry with the same key is acted on.';

const RESPONSES = {
  IdempotencyKeyReused: `The ${IDEMPOTENCY_KEY_HEADER} was first sent with another request (IDEMPOTENCY_KEY_REUSED); nothing was done`,
  IdempotencyKeyInUse: `The first request with this ${IDEMPOTENCY_KEY_HEADER} is still being answered (IDEMPOTENCY_KEY_IN_USE); retry after Retry-After`,
} as const;

/**
 * An example key of an operation's own: one key shared by every operation's example made a
 * tool that sends the examples (Schemathesis) reuse it across requests, and be refused 422.
 * A UUID derived from the operation's id (the name-based form of RFC 9562), so the document
 * stays the same from one build to the next.
 */
function exampleKeyOf(operationId: string): string {
  const hex = createHash('sha1').update(`atelier idempotency example ${operationId}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The header, on one operation, with an example of its own. */
const idempotencyParameter = (operationId: string) => ({
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    `A new UUID per request makes this POST safe to retry: the same request with the key within ${IDEMPOTENCY_KEY_TTL_HOURS} ` +
    "hours gets the first answer back, not acted on again (see “Retrying safely” in the document's description).",
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x21-\\x7e]+$' },
  example: exampleKeyOf(operationId),
});

const hasCaller = (operation: Operation) =>
  (operation.security ?? []).some((requirement) => Object.keys(requirement).length > 0);

/**
 * Adds the `Idempotency-Key` header to every POST a signed-in caller may make (an example of its
 * own on each), with its two answers (422, and 409 — appended to an operation's own 409 where it
 * has one).
 */
export function documentIdempotency<D extends Document>(document: D): D {
  let used = false;
  for (const item of Object.values(document.paths ?? {}) as { post?: Operation }[]) {
    const operation = item.post;
    if (!operation || !hasCaller(operation)) continue;
    used = true;
    operation.parameters = [...(operation.parameters ?? []), idempotencyParameter(operation.operationId ?? '')];
    operation.responses ??= {};
    const responses = operation.responses;
    responses['422'] ??= { $ref: '#/components/responses/IdempotencyKeyReused' };
    const conflict = responses['409'];
    if (!conflict) responses['409'] = { $ref: '#/components/responses/IdempotencyKeyInUse' };
    else if (conflict.description) conflict.description += `; or ${RESPONSES.IdempotencyKeyInUse}`;
  }
  if (!used) return document;
  document.components ??= {};
  const components = document.components as Record<string, unknown>;
  const error = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };
  components.responses = {
    ...(components.responses as object),
    IdempotencyKeyReused: { description: RESPONSES.IdempotencyKeyReused, content: error },
    IdempotencyKeyInUse: {
      description: RESPONSES.IdempotencyKeyInUse,
      headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
      content: error,
    },
  };
  return document;
}
