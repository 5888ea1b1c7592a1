import { z } from '@hono/zod-openapi';
import type { ApiRouter } from '../../platform/http/api-router.ts';
import {
  ADMIN_API_TAGS,
  API_TAGS,
  apiRoute,
  registerSharedResponses,
  BEARER_API_KEY_SCHEME,
  SESSION_COOKIE_SCHEME,
} from '../../platform/http/api-route.ts';
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

/** What sets one document apart from the other: the public API's, or the admin console's. */
export interface ApiDocumentKind {
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: Record<string, string>;
  route: ReturnType<typeof documentRouteOf>;
}

const documentRouteOf = (access: 'public' | 'admin') =>
  apiRoute({
    method: 'get',
    path: '/openapi.json',
    operationId: access === 'public' ? 'getApiDocument' : 'adminGetApiDocument',
    tag: access === 'public' ? 'system' : 'admin',
    access,
    summary: 'This document (OpenAPI 3.1)',
    responses: {
      200: jsonContent(
        z.record(z.string(), z.unknown()).meta({ description: 'An OpenAPI 3.1 document' }),
        'The document',
      ),
    },
  });

export const PUBLIC_API_DOCUMENT: ApiDocumentKind = {
  info: INFO,
  servers: [{ url: '/api', description: 'This Atelier (the API is served under /api)' }],
  tags: API_TAGS,
  route: documentRouteOf('public'),
};

/** The admin console's API: served to admins only, generated into its own client types. */
export const ADMIN_API_DOCUMENT: ApiDocumentKind = {
  info: {
    title: 'Atelier admin API',
    version: '1.0.0',
    description:
      'The admin console (admins only: anyone else gets the 404 of an unknown path). Every action takes a ' +
      'reason and is written to the append-only audit log. Errors as in the public API.',
  },
  servers: [{ url: '/api/admin', description: 'This Atelier' }],
  tags: ADMIN_API_TAGS,
  route: documentRouteOf('admin'),
};

/** Paths, and the methods within a path, in a stable order, so the document diffs cleanly. */
function sorted<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Serves `/openapi.json` for every route declared on `api` (call it after mounting them all).
 * The document is built once, on the first request: it changes only with the code.
 */
export function serveApiDocument(api: ApiRouter, kind: ApiDocumentKind = PUBLIC_API_DOCUMENT) {
  registerSharedResponses(api.openAPIRegistry);
  api.openAPIRegistry.registerComponent('securitySchemes', SESSION_COOKIE_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE_NAME,
    description:
      'The session cookie set by the sign-in and sign-up operations (HttpOnly, SameSite=Lax; named ' +
      '`__Secure-atelier.session_token` when Atelier is served over https).',
  });
  // The admin console takes no API key.
  if (kind === PUBLIC_API_DOCUMENT)
    api.openAPIRegistry.registerComponent('securitySchemes', BEARER_API_KEY_SCHEME, {
      type: 'http',
      scheme: 'bearer',
      description:
        'A personal API key (`atk_…`), created on the profile page or with `createApiKey`: ' +
        '`Authorization: Bearer <secret>`. It may call the operations that list this scheme (tools, runs, batches, ' +
        'artworks, files, reading the profile); any other answers 403 API_KEY_NOT_ALLOWED. A revoked or unknown ' +
        'key answers 401 at once. Requests with a key count against the same per-user rate limits.',
    });
  let document: ReturnType<ApiRouter['getOpenAPI31Document']> | undefined;
  const build = () => {
    const generated = api.getOpenAPI31Document({
      openapi: '3.1.0',
      info: kind.info,
      servers: kind.servers,
      tags: Object.entries(kind.tags).map(([name, description]) => ({ name, description })),
    });
    // The shared answers a document's operations do not use are left out of it (the admin
    // console's takes no uploads and has no rate limit).
    const used = JSON.stringify(generated.paths ?? {});
    const responses = Object.fromEntries(
      Object.entries(generated.components?.responses ?? {}).filter(([name]) =>
        used.includes(`"#/components/responses/${name}"`),
      ),
    );
    return {
      ...generated,
      components: { ...generated.components, responses },
      paths: sorted(generated.paths ?? {}),
    };
  };
  api.openapi(kind.route, (c) => {
    document ??= build();
    return c.json(document, 200);
  });
}
