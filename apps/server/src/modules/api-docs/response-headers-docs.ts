interface Response {
  $ref?: string;
  headers?: Record<string, unknown>;
}
interface Document {
  paths?: object;
  components?: object;
}

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The headers the API's answers carry (platform/http: request-context, rate-limit-headers, error-handler). */
const HEADERS = {
  XRequestId: {
    description:
      "The request's id (the client's own `X-Request-Id` when it sent a sane one): name it when reporting a problem; the server logs it",
    schema: { type: 'string' },
  },
  WwwAuthenticate: {
    description:
      'The scheme that would do (RFC 9110): `Bearer realm="atelier"`, with `error="invalid_token"` when the Bearer credential sent is not a live key',
    schema: { type: 'string' },
    example: 'Bearer realm="atelier"',
  },
  RetryAfter: { description: 'Seconds to wait before sending the request again', schema: { type: 'integer' } },
  RateLimitPolicy: {
    description: 'The limit this request counted against: `<limit>;w=<window seconds>` (IETF RateLimit draft)',
    schema: { type: 'string' },
    example: '30;w=60',
  },
  RateLimit: {
    description: 'Where the caller stands: `limit=<n>, remaining=<n>, reset=<seconds>` (IETF RateLimit draft)',
    schema: { type: 'string' },
    example: 'limit=30, remaining=29, reset=60',
  },
  XRateLimitLimit: { description: 'Requests allowed in the window', schema: { type: 'integer' } },
  XRateLimitRemaining: { description: 'Requests left in the window', schema: { type: 'integer' } },
  XRateLimitReset: { description: 'Seconds until the window starts again', schema: { type: 'integer' } },
} as const;

const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': ref('RateLimitPolicy'),
  RateLimit: ref('RateLimit'),
  'X-RateLimit-Limit': ref('XRateLimitLimit'),
  'X-RateLimit-Remaining': ref('XRateLimitRemaining'),
  'X-RateLimit-Reset': ref('XRateLimitReset'),
};

/**
 * Declares the answers' headers: `X-Request-Id` on every answer, `Retry-After` on
 * the 429 and 503 answers, and the rate-limit headers on every answer of an operation behind a
 * rate limit (one that lists 429).
 */
export function documentResponseHeaders<D extends Document>(document: D): D {
  document.components ??= {};
  const components = document.components as Record<string, Record<string, unknown> | undefined>;
  components.headers = { ...components.headers, ...HEADERS };
  const withHeaders = (response: Response, headers: Record<string, unknown>) => {
    if (!response.$ref) response.headers = { ...response.headers, ...headers };
  };
  for (const [name, response] of Object.entries((components.responses ?? {}) as Record<string, Response>)) {
    withHeaders(response, {
      'X-Request-Id': ref('XRequestId'),
      ...(name === 'RateLimited' ? { 'Retry-After': ref('RetryAfter'), ...RATE_LIMIT_HEADERS } : {}),
      ...(name === 'ServiceUnavailable' ? { 'Retry-After': ref('RetryAfter') } : {}),
      ...(name === 'Unauthenticated' ? { 'WWW-Authenticate': ref('WwwAuthenticate') } : {}),
    });
  }
  for (const item of Object.values(document.paths ?? {}) as Record<
    string,
    { responses?: Record<string, Response> }
  >[]) {
    for (const operation of Object.values(item)) {
      const responses = operation.responses ?? {};
      const limited = '429' in responses;
      for (const response of Object.values(responses)) {
        withHeaders(response, { 'X-Request-Id': ref('XRequestId'), ...(limited ? RATE_LIMIT_HEADERS : {}) });
      }
    }
  }
  // A document without rate-limited operations (the admin console's) lists no rate-limit headers.
  const used = JSON.stringify({ paths: document.paths, responses: components.responses });
  for (const name of Object.keys(components.headers)) {
    if (!used.includes(`"#/components/headers/${name}"`)) delete components.headers[name];
  }
  return document;
}
