import { errorBodySchema, type Feature, REQUEST_BODY_MAX_BYTES } from '@atelier/contracts';
import { createRoute, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import { requireFeature } from './feature-gate.ts';
import { jsonContent } from './json-content.ts';

/**
 * The security schemes of the API document. Named by how the credential travels, so the
 * personal API keys (`Authorization: Bearer`) join as `bearerApiKey` beside it.
 */
export const SESSION_COOKIE_SCHEME = 'sessionCookie';
/** A personal API key sent as `Authorization: Bearer <secret>` (modules/api-keys). */
export const BEARER_API_KEY_SCHEME = 'bearerApiKey';

/** The areas of the API: one tag each, described in the document (api-docs/api-document.ts). */
export const API_TAGS = {
  auth: 'Accounts: sign-up, sign-in by e-mail, username or Apple, sign-out, the session, password reset, e-mail verification.',
  tools: 'The eleven tools and what a run of each costs.',
  runs: 'Starting a run of a tool (credits are charged here), following it, and the history of runs.',
  batches: 'Many images through one tool at once: one run per image, charged together, a ZIP of the results.',
  automation: 'Personal API keys (`Authorization: Bearer`) and the secret webhooks are signed with.',
  artworks: 'Saved results: the public gallery, own artworks, likes.',
  profile: "The caller's profile, avatar and account.",
  security: 'Session checks, security settings, events, metrics and the list of sessions.',
  billing: 'Plans, checkout, subscriptions, payments and discount codes.',
  referrals: 'The referral programme and invitation codes.',
  teams:
    "Studio teams: members with roles, invitations by e-mail, the team's shared credit pool, its usage and library.",
  files: 'Stored images: run outputs (their owner only), artworks (private ones their owner only), avatars.',
  system: 'Liveness, readiness and the API document.',
} as const;
/** The admin console's one area: in its own document (/api/admin/openapi.json), never the public one. */
export const ADMIN_API_TAGS = {
  admin: 'The admin console: users, credits, accounts, refunds, the runs summary and the audit log. Admins only.',
} as const;
export type ApiTag = keyof typeof API_TAGS | keyof typeof ADMIN_API_TAGS;

/**
 * Who may call an operation; it decides the operation's `security` and its 401 answer. Admin
 * operations answer anyone else with the 404 of an unknown path, never 401 (they leave no trace).
 */
export type Access = 'public' | 'user' | 'optional' | 'admin';

const SECURITY: Record<Access, RouteConfig['security']> = {
  public: [],
  user: [{ [SESSION_COOKIE_SCHEME]: [] }],
  // Visitors too; a session, when present, changes the answer (likes of the caller …).
  optional: [{}, { [SESSION_COOKIE_SCHEME]: [] }],
  admin: [{ [SESSION_COOKIE_SCHEME]: [] }],
};
/** The same, for operations an API key may call too. */
const SECURITY_WITH_API_KEY: Partial<Record<Access, RouteConfig['security']>> = {
  user: [{ [SESSION_COOKIE_SCHEME]: [] }, { [BEARER_API_KEY_SCHEME]: [] }],
  optional: [{}, { [SESSION_COOKIE_SCHEME]: [] }, { [BEARER_API_KEY_SCHEME]: [] }],
};

/** An answer with the Error body. */
export const errorResponse = (description: string) => jsonContent(errorBodySchema, description);

const SAFE_METHODS = new Set(['get', 'head', 'options']);

export interface ApiRouteSpec extends Omit<RouteConfig, 'tags' | 'security' | 'operationId'> {
  /** Unique, stable and readable: it names the call in generated clients (`startRun`). */
  operationId: string;
  tag: ApiTag;
  access: Access;
  /** The route is behind a rate limit (429 RATE_LIMITED). */
  rateLimited?: boolean;
  /** Exempt from the cross-site guard (the OAuth callback, which Apple reaches by form_post). */
  crossSite?: boolean;
  /**
   * An API key (`Authorization: Bearer`) may call it too. Documentation of what the key's scope
   * allows (modules/api-keys/api-key-scope.ts); a test keeps the two the same.
   */
  apiKey?: boolean;
  /**
   * The plan feature the route needs (ADR 0032): its gate runs after the route's own middleware
   * (requireUser, limits) and before the handler, so a refused call reads, charges and creates
   * nothing; the document lists 403 PLAN_REQUIRED.
   */
  feature?: Feature;
  /**
   * The feature is judged by the handler, which knows the workspace (a `teamId` in the body: a
   * member has the team's plan's features there) — still before anything is stored or charged.
   * The document says the same as for a route gate.
   */
  featureInHandler?: boolean;
}

/**
 * The answers many operations share, kept once in the document's components.responses and
 * referenced (so a generated client has one type for each, not a copy per operation).
 */
export const SHARED_RESPONSES = {
  ValidationError: 'The request is malformed or a field is out of bounds (VALIDATION_ERROR, `issues` names each field)',
  Unauthenticated: 'Not signed in, or the session ended (UNAUTHENTICATED, SESSION_EXPIRED)',
  CrossSiteRequest: 'A state-changing request from another site (FORBIDDEN)',
  SessionOnly:
    'A signed-in session only: refused to an API key (API_KEY_NOT_ALLOWED), and, when it changes something, to another site (FORBIDDEN)',
  UnsupportedMediaType: 'The body is not of a type this operation takes (UNSUPPORTED_MEDIA_TYPE)',
  PayloadTooLarge: `The body is larger than ${REQUEST_BODY_MAX_BYTES / (1024 * 1024)} MB (PAYLOAD_TOO_LARGE): refused before it was read, nothing changed`,
  RateLimited: 'Too many requests (RATE_LIMITED, `retryAfter` and Retry-After say when to try again)',
  AdminOnly: 'Not a signed-in admin: the same answer as an unknown path (NOT_FOUND), so the console leaves no trace',
  SecondFactorRequired:
    "An admin's session signed in without a second factor while ADMIN_REQUIRE_2FA is on (TWO_FACTOR_REQUIRED)",
  ServiceUnavailable:
    'The database or storage does not answer for a moment (SERVICE_UNAVAILABLE): nothing was done; `retryAfter` and Retry-After say when to try again',
  InternalError: 'An unexpected error, logged with the request id (INTERNAL)',
} as const;
const shared = (name: keyof typeof SHARED_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

/** Puts the shared answers into a document's components (api-docs/api-document.ts). */
export function registerSharedResponses(registry: OpenAPIHono['openAPIRegistry']) {
  for (const [name, description] of Object.entries(SHARED_RESPONSES)) {
    registry.registerComponent('responses', name, {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    });
  }
}

/**
 * What an operation without its own description says: who may call it, with which credential,
 * and the limits it is under, as its declaration states them.
 */
function whoMayCall(spec: ApiRouteSpec): string {
  const who = {
    public: 'Open to everyone: no credential is needed.',
    optional: 'Open to everyone; what it answers depends on who is signed in (visitors see only what is public).',
    user: spec.apiKey
      ? 'For a signed-in caller: the session cookie, or an API key (`Authorization: Bearer`).'
      : 'For a signed-in session only: an API key is refused (API_KEY_NOT_ALLOWED).',
    admin: 'For signed-in admins only: anyone else gets the 404 of an unknown path.',
  }[spec.access];
  return [
    who,
    ...(spec.feature ? [`Needs a plan that includes \`${spec.feature}\` (PLAN_REQUIRED otherwise).`] : []),
    ...(spec.rateLimited ? ['Counted against a rate limit: the `RateLimit` headers say where the caller stands.'] : []),
  ].join(' ');
}

/**
 * A route declaration with what every route of the API shares, so the document says it
 * without each module repeating it: the tag, the security requirement, and the error answers
 * that follow from the declaration — 400 when there is anything to validate, 401 for
 * signed-in users only, 403 for a state-changing request from another site (CSRF guard),
 * 413 and 415 when there is a body (413 also for any state-changing request, which may carry
 * one), 429 behind a rate limit, 500, and 503 while the database does not answer. A route lists its own errors
 * (404, 409 …); one it lists replaces the shared answer of that status.
 */
export function apiRoute<const R extends ApiRouteSpec>(spec: R) {
  const { tag, access, rateLimited, crossSite, apiKey, feature, featureInHandler, ...route } = spec;
  const request = route.request;
  // A key of an account whose plan lost `apiKeys` is refused too (modules/api-keys), hence apiKey.
  const forbidden = [
    ...(SAFE_METHODS.has(route.method) || crossSite ? [] : ['a state-changing request from another site (FORBIDDEN)']),
    ...(access === 'user' && !apiKey ? ['an API key (API_KEY_NOT_ALLOWED)'] : []),
    ...(apiKey
      ? ['an API key without the scope this operation needs (API_KEY_SCOPE, `scope` names it; nothing was charged)']
      : []),
    ...(feature || apiKey
      ? [
          "the caller's plan does not include this (PLAN_REQUIRED, `requiredPlan` names the cheapest plan that does; nothing was charged or created)",
        ]
      : []),
  ];
  // Thrown (AppError, HTTPException), never returned by a handler: the handler's type knows
  // only the route's own answers.
  const generic = {
    ...(request?.params || request?.query || request?.body ? { 400: shared('ValidationError') } : {}),
    ...(access === 'user' ? { 401: shared('Unauthenticated') } : {}),
    ...(access === 'admin' ? { 403: shared('SecondFactorRequired'), 404: shared('AdminOnly') } : {}),
    ...(SAFE_METHODS.has(route.method) || crossSite ? {} : { 403: shared('CrossSiteRequest') }),
    ...(access === 'user' && !apiKey ? { 403: shared('SessionOnly') } : {}),
    ...(feature || apiKey ? { 403: errorResponse(`Refused: ${forbidden.join('; or ')}`) } : {}),
    ...(request?.body || !SAFE_METHODS.has(route.method) ? { 413: shared('PayloadTooLarge') } : {}),
    ...(request?.body ? { 415: shared('UnsupportedMediaType') } : {}),
    ...(rateLimited ? { 429: shared('RateLimited') } : {}),
    500: shared('InternalError'),
    503: shared('ServiceUnavailable'),
  } as object;
  const config = createRoute({
    ...route,
    description: route.description ?? whoMayCall(spec),
    tags: [tag],
    security: (apiKey && SECURITY_WITH_API_KEY[access]) || SECURITY[access],
    responses: { ...generic, ...route.responses } as R['responses'],
  });
  // The gate adds nothing to the handler's context type: the route's own middleware types it.
  if (feature && !featureInHandler) {
    const own: unknown[] = [config.middleware ?? []].flat();
    (config as { middleware?: unknown }).middleware = [...own, requireFeature(feature)];
  }
  return config;
}
