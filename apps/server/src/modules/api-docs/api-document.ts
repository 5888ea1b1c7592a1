import { API_V1_PREFIX, LEGACY_API_SUNSET } from '@atelier/contracts';
import { z } from '@hono/zod-openapi';
import {
  ADMIN_API_TAGS,
  API_TAGS,
  apiRoute,
  BEARER_API_KEY_SCHEME,
  registerSharedResponses,
  SESSION_COOKIE_SCHEME,
} from '../../platform/http/api-route.ts';
import type { ApiRouter } from '../../platform/http/api-router.ts';
import { jsonContent } from '../../platform/http/json-content.ts';
import { documentApiKeyScopes } from './api-key-scope-docs.ts';
import { documentFormatPatterns } from './format-patterns-docs.ts';
import { documentIdempotency, IDEMPOTENCY_DESCRIPTION } from './idempotency-docs.ts';
import { documentLinks } from './links-docs.ts';
import { documentResponseHeaders } from './response-headers-docs.ts';

/** The session cookie Better Auth sets (`__Secure-` in front of it when PUBLIC_URL is https). */
export const SESSION_COOKIE_NAME = 'atelier.session_token';

const INFO = {
  title: 'Atelier API',
  version: '1.0.0',
  description: [
    'AI image tools paid for with credits, a gallery, subscriptions and referrals. Every error answers ' +
      '`{"error": {"code", "message"}}` with a code of `ErrorCode`; a VALIDATION_ERROR names each refused field ' +
      'in `issues`, and every error body carries `requestId` (the `X-Request-Id` header): quote it when asking for ' +
      'help. A 401 carries `WWW-Authenticate: Bearer`. A method a path has no operation for, where it has others, ' +
      'answers 405 METHOD_NOT_ALLOWED with `Allow` listing the ones it has. A typed TypeScript client generated from ' +
      'this document is the `@atelier/api-client` package.',
    '## Versions',
    `Every operation is served under \`${API_V1_PREFIX}\` (this document's server), the run, artwork and avatar files ` +
      `under \`${API_V1_PREFIX}/files\`. The unversioned \`/api/…\` paths answer the same until ${LEGACY_API_SUNSET} ` +
      '(their answers carry `Deprecation`, `Sunset` and `Link: <…>; rel="successor-version"`); move scripts to ' +
      `\`${API_V1_PREFIX}\`. A change that could break a client gets a new version; additions do not.`,
    '## Signing in',
    'Create an account with `signUpWithEmail` (`POST /api/v1/auth/sign-up/email`, `{"email", "password", "name"}`) ' +
      'and sign in with `signInWithEmail` (`POST /api/v1/auth/sign-in/email`) or `signInWithUsername`: the answer sets ' +
      'the session cookie. State-changing requests from browsers must come from Atelier itself.',
    '```sh\ncurl -c jar -X POST "$ATELIER/api/v1/auth/sign-in/email" -H "Content-Type: application/json" \\\n' +
      '  -d \'{"email":"me@example.com","password":"…"}\'\n```',
    '## API keys (`Authorization: Bearer`)',
    'For scripts and servers: create a key on the profile page or with `createApiKey` (signed in); its secret ' +
      '(`atk_…`) is shown once. Send it as `Authorization: Bearer <secret>` without a cookie, and no Origin is needed (a ' +
      'request that carries a cookie must come from Atelier itself, key or not). A key ' +
      'may call the operations that list the `bearerApiKey` scheme: tools, runs, batches, history, artworks, the ' +
      'run files, the credit ledger, the webhook delivery log, and reading `/api/v1/me`. Anything else (account deletion, profile changes, security settings and ' +
      'sessions, billing, referrals, key management) answers 403 API_KEY_NOT_ALLOWED. A key has scopes (`ApiKeyScope`: ' +
      '`read`, `runs`, `batches`, `artworks`, `webhooks`; every one unless chosen at creation), and each operation ' +
      "names the one it needs in `x-api-key-scope`; a call outside the key's scopes answers 403 " +
      'API_KEY_SCOPE with `scope`, before anything is charged. A key may expire (`expiresAt`) and be rolled ' +
      '(`rollApiKey`): the old secret keeps working for the overlap you choose (a day by default), then answers 401. A Bearer credential ' +
      "that is not a live key (unknown, revoked, garbage) answers 401 at once. A key is charged and rate-limited as its owner. Each tool's run operation shows a " +
      '`curl` example.',
    '```sh\ncurl -X POST "$ATELIER/api/v1/tools/image-upscale/runs" -H "Authorization: Bearer $ATELIER_KEY" -F image=@photo.png\n' +
      'curl "$ATELIER/api/v1/runs/<id>" -H "Authorization: Bearer $ATELIER_KEY"\n```',
    '## Results into other tools',
    "`inputRunId` (+ `outputIndex`, default 0) in place of the `image` file sends one of your succeeded runs' " +
      'outputs into upscale, vectorization, eraser, photo editor, inpainting, image-to-image or replace background ' +
      '— as a multipart field or in JSON. `rerunRun` runs a run again with its stored inputs and options.',
    '## Batches',
    '`startBatch` (`POST /api/v1/tools/{tool}/batches`): the `image` field repeated (up to 50 files) and the options ' +
      'once; the whole cost is charged in one transaction or nothing is (402). Follow it with `getBatch`, download ' +
      'the results with `getBatchArchive` (a ZIP named after your files).',
    '```sh\ncurl -X POST "$ATELIER/api/v1/tools/ai-eraser/batches" -H "Authorization: Bearer $ATELIER_KEY" \\\n' +
      '  -F image=@a.png -F image=@b.jpg -F webhookUrl=https://example.com/hooks\n' +
      'curl -o results.zip "$ATELIER/api/v1/batches/<id>/archive" -H "Authorization: Bearer $ATELIER_KEY"\n```',
    '## Retrying safely (`Idempotency-Key`)',
    IDEMPOTENCY_DESCRIPTION,
    '```sh\ncurl -X POST "$ATELIER/api/v1/tools/image-upscale/runs" -H "Authorization: Bearer $ATELIER_KEY" \\\n' +
      '  -H "Idempotency-Key: $(uuidgen)" -F image=@photo.png\n```',
    '## Webhooks',
    'Give `webhookUrl` (https; private, loopback and link-local addresses are refused) when starting a run or a ' +
      'batch. When the run ends Atelier POSTs `{"type": "run.succeeded" | "run.failed", "timestamp", "data": ' +
      '{"run"}}`; when a batch\'s last run ends, `{"type": "batch.completed", "data": {"batch"}}` (schema ' +
      '`WebhookEvent`). Deliveries follow [Standard Webhooks](https://www.standardwebhooks.com/): headers ' +
      '`webhook-id` (the same on every retry), `webhook-timestamp` (seconds) and `webhook-signature: v1,<base64 ' +
      'HMAC-SHA256 of "id.timestamp.body">`, keyed with the base64 part of your `whsec_` secret ' +
      '(`getWebhookSecret`; `rotateWebhookSecret` replaces it, the old one signing beside it — a second `v1,` ' +
      'signature — for a day). Answer 2xx within 10 s; anything else is retried ' +
      'with a doubling delay for up to 24 hours. A delivery never delays or fails the run. ' +
      '`listWebhookDeliveries` shows every delivery of the last 30 days with each attempt (status code, duration, ' +
      'error); `redeliverWebhook` sends one again with the same `webhook-id`.',
    '```js\nimport { Webhook } from "standardwebhooks";\n' +
      'const event = new Webhook(process.env.ATELIER_WHSEC).verify(rawBody, headers); // throws if forged\n```',
  ].join('\n\n'),
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
  servers: [{ url: API_V1_PREFIX, description: 'This Atelier, version 1 of its API' }],
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
    return documentFormatPatterns(
      documentLinks(
        documentResponseHeaders(
          documentApiKeyScopes(
            documentIdempotency({
              ...generated,
              components: { ...generated.components, responses },
              paths: sorted(generated.paths ?? {}),
            }),
          ),
        ),
      ),
    );
  };
  api.openapi(kind.route, (c) => {
    document ??= build();
    return c.json(document, 200);
  });
}
