import { z } from '@hono/zod-openapi';
import type { ApiRouter } from '../../platform/http/api-router.ts';
import { API_TAGS, apiRoute, registerSharedResponses, SESSION_COOKIE_SCHEME } from '../../platform/http/api-route.ts';
import { jsonContent } from '../../platform/http/json-content.ts';

/** The session cookie Better Auth sets (`__Secure-` in front of it when PUBLIC_URL is https). */
export const SESSION_COOKIE_NAME = 'atelier.session_token';

const INFO = {
  title: 'Atelier API',
  version: '1.0.0',
  description:
    'AI image tools paid for with credits, a gallery, subscriptions and referrals. Every error answers ' +
    '`{"error": {"code", "message"}}` with a code of `ErrorCode`; a VALIDATION_ERROR names each refused field ' +
    'in `issues`. Sign in (`signInWithEmail`, `signUpWithEmail` …) to get the session cookie; state-changing ' +
    'requests from browsers must come from Atelier itself. A typed TypeScript client generated from this ' +
    'document is the `@atelier/api-client` package.',
};

const documentRoute = apiRoute({
  method: 'get',
  path: '/openapi.json',
  operationId: 'getApiDocument',
  tag: 'system',
  access: 'public',
  summary: 'This document (OpenAPI 3.1)',
  responses: {
    200: jsonContent(
      z.record(z.string(), z.unknown()).meta({ description: 'An OpenAPI 3.1 document' }),
      'The document',
    ),
  },
});

/** Paths, and the methods within a path, in a stable order, so the document diffs cleanly. */
function sorted<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Serves `/openapi.json` for every route declared on `api` (call it after mounting them all).
 * The document is built once, on the first request: it changes only with the code.
 */
export function serveApiDocument(api: ApiRouter) {
  registerSharedResponses(api.openAPIRegistry);
  api.openAPIRegistry.registerComponent('securitySchemes', SESSION_COOKIE_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE_NAME,
    description:
      'The session cookie set by the sign-in and sign-up operations (HttpOnly, SameSite=Lax; named ' +
      '`__Secure-atelier.session_token` when Atelier is served over https).',
  });
  let document: ReturnType<ApiRouter['getOpenAPI31Document']> | undefined;
  const build = () => {
    const generated = api.getOpenAPI31Document({
      openapi: '3.1.0',
      info: INFO,
      servers: [{ url: '/api', description: 'This Atelier (the API is served under /api)' }],
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    });
    return { ...generated, paths: sorted(generated.paths ?? {}) };
  };
  api.openapi(documentRoute, (c) => {
    document ??= build();
    return c.json(document, 200);
  });
}
