import type { ApiKeyScope } from '@atelier/contracts';

/**
 * What a personal API key may call: the tools, runs, batches, artworks, the
 * history, reading the profile, and the run and artwork files. Everything else — account
 * deletion, profile changes, security settings and sessions, billing, referrals, key
 * management — needs a signed-in person and answers 403 API_KEY_NOT_ALLOWED. A list of what is
 * allowed, so a new route is closed to keys until it is added here (and documented with
 * `apiKey: true`; api-document.test.ts keeps the two the same).
 */
/** What anyone may read, with or without a key: no scope is needed for it. */
const OPEN_TO_ALL = /^\/api\/(health|ready|openapi\.json|docs(\/.*)?)$/;

const ALLOWED: { methods?: readonly string[]; path: RegExp }[] = [
  { path: /^\/api\/tools(\/|$)/ },
  { path: /^\/api\/runs(\/|$)/ },
  { path: /^\/api\/batches(\/|$)/ },
  { path: /^\/api\/artworks(\/|$)/ },
  { methods: ['GET', 'HEAD'], path: /^\/api\/me\/artworks$/ },
  { methods: ['GET', 'HEAD'], path: /^\/api\/me$/ },
  // Reconciling what was charged: the caller's ledger.
  { methods: ['GET', 'HEAD'], path: /^\/api\/credits\/ledger$/ },
  // …and what was sent to the caller's receivers, with redelivery.
  { path: /^\/api\/webhooks\/deliveries(\/[^/]+\/redeliver)?$/ },
  // A team's runs are started with `teamId`: a key may read the teams, their usage and library.
  { methods: ['GET', 'HEAD'], path: /^\/api\/teams(\/[^/]+(\/(usage|artworks))?)?$/ },
  { methods: ['GET', 'HEAD'], path: /^\/files\// },
  // What anyone may read: a monitor or a client generator that sends its key everywhere.
  { methods: ['GET', 'HEAD'], path: OPEN_TO_ALL },
];

/**
 * The scope a key needs for `method path` (one a key may call at all, apiKeyMayCall): `read`
 * for every GET, else the group the path belongs to; null where no credential is needed. A
 * webhookUrl on a run or batch needs `webhooks` besides (checked where the field is read).
 */
export function apiKeyScopeOf(method: string, path: string): ApiKeyScope | null {
  const upper = method.toUpperCase();
  if (upper === 'GET' || upper === 'HEAD') return OPEN_TO_ALL.test(path) ? null : 'read';
  if (/^\/api\/(tools\/[^/]+\/batches|batches)(\/|$)/.test(path)) return 'batches';
  if (/^\/api\/artworks(\/|$)/.test(path)) return 'artworks';
  if (/^\/api\/webhooks(\/|$)/.test(path)) return 'webhooks';
  return 'runs';
}

export function apiKeyMayCall(method: string, path: string): boolean {
  return ALLOWED.some((rule) => rule.path.test(path) && (!rule.methods || rule.methods.includes(method.toUpperCase())));
}

/** The admin console: a request with a key is nobody there (its 404 for non-admins stays). */
export const isAdminConsolePath = (path: string) => path === '/api/admin' || path.startsWith('/api/admin/');

/** The paths under which a bearer key is looked at: the API and the files. */
export const API_KEY_PATH_PREFIXES = ['/api/', '/files/'] as const;

/** Where a bearer key is looked at: the API and the files, but not the admin console. */
export const carriesApiKeyScope = (path: string) =>
  API_KEY_PATH_PREFIXES.some((prefix) => path.startsWith(prefix)) && !isAdminConsolePath(path);
