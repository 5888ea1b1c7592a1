import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@atelier/contracts';

interface Operation {
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

const PARAMETER = 'IdempotencyKey';
const RESPONSES = {
  IdempotencyKeyReused: `The ${IDEMPOTENCY_KEY_HEADER} was first sent with another request (IDEMPOTENCY_KEY_REUSED); nothing was done`,
  IdempotencyKeyInUse: `The first request with this ${IDEMPOTENCY_KEY_HEADER} is still being answered (IDEMPOTENCY_KEY_IN_USE); retry after Retry-After`,
} as const;

const hasCaller = (operation: Operation) =>
  (operation.security ?? []).some((requirement) => Object.keys(requirement).length > 0);

/**
 * Adds the `Idempotency-Key` header to every POST a signed-in caller may make, with its two
 * answers (422, and 409 — appended to an operation's own 409 where it has one).
 */
export function documentIdempotency<D extends Document>(document: D): D {
  let used = false;
  for (const item of Object.values(document.paths ?? {}) as { post?: Operation }[]) {
    const operation = item.post;
    if (!operation || !hasCaller(operation)) continue;
    used = true;
    operation.parameters = [...(operation.parameters ?? []), { $ref: `#/components/parameters/${PARAMETER}` }];
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
  components.parameters = {
    ...(components.parameters as object),
    [PARAMETER]: {
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      description: IDEMPOTENCY_DESCRIPTION,
      schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x21-\\x7e]+$' },
      example: '8e03978e-40d5-43e8-bc93-6894a57f9324',
    },
  };
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
