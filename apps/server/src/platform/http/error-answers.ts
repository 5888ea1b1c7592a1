import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';

/** RFC 9110 §11.6.1: a 401 names the scheme that would do; `invalid_token` per RFC 6750 §3.1. */
const challengeOf = (authorization: string | undefined) =>
  /^\s*Bearer(\s|$)/i.test(authorization ?? '')
    ? 'Bearer realm="atelier", error="invalid_token"'
    : 'Bearer realm="atelier"';

/**
 * Every JSON error answer, whoever wrote it (the error handler, a route, Better Auth's rewritten
 * errors), carries the request id in `error.requestId` — the `X-Request-Id` header's value, what
 * a support request quotes and the logs are searched by — and a 401 carries `WWW-Authenticate`.
 * Inside the compression step, so the body is still plain JSON here; error bodies are small.
 */
export function errorAnswers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status < 400) return;
    // Through c.header, which makes the answer anew first: set on its headers directly, a header
    // was lost on the wire once the Node server's lightweight Response was read (it rebuilds
    // itself from the headers it was made with).
    if (c.res.status === 401 && !c.res.headers.has('WWW-Authenticate'))
      c.header('WWW-Authenticate', challengeOf(c.req.header('authorization')));
    const res = c.res;
    if (!res.headers.get('content-type')?.startsWith('application/json')) return;
    const body = (await res
      .clone()
      .json()
      .catch(() => undefined)) as { error?: Record<string, unknown> } | undefined;
    if (!body?.error || typeof body.error !== 'object' || body.error.requestId) return;
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    // Cleared first: Hono copies the old answer's headers (its Content-Length) onto a new one.
    c.res = undefined;
    c.res = new Response(JSON.stringify({ error: { ...body.error, requestId: c.var.requestId } }), {
      status: res.status,
      headers,
    });
  };
}
