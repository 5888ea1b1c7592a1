import { API_V1_PREFIX, LEGACY_API_DEPRECATED_ON, LEGACY_API_SUNSET } from '@atelier/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { getPath } from 'hono/utils/url';
import type { AppEnv } from './app-env.ts';

/** The admin console is not part of the public API: it has no versioned path. */
const isAdminConsole = (rest: string) => rest === '/admin' || rest.startsWith('/admin/');

/**
 * The path a request is routed by (the app's `getPath`): `/api/v1/files/…` is the file route
 * `/files/…`, any other `/api/v1/…` the API route `/api/…` — one set of routes, and every rule
 * that looks at `c.req.path` (API key scope, upload limits, same-origin exemptions) holds for
 * both spellings. Everything else, `/api/v1/admin…` included, is routed as it is (so that one
 * is the 404 of an unknown path).
 */
export function routedPath(path: string): string {
  if (path !== API_V1_PREFIX && !path.startsWith(`${API_V1_PREFIX}/`)) return path;
  const rest = path.slice(API_V1_PREFIX.length);
  if (rest.startsWith('/files/')) return rest;
  if (isAdminConsole(rest)) return path;
  return `/api${rest}`;
}

/** `getPath` for the app: the request's path, routed as `routedPath` says. */
export const versionedGetPath = (request: Request) => routedPath(getPath(request));

/** The path the client sent (not the routed one). */
export const requestedPath = (url: string) => new URL(url).pathname;

const httpDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).toUTCString();
const DEPRECATION = `@${Date.parse(`${LEGACY_API_DEPRECATED_ON}T00:00:00Z`) / 1000}`;
const SUNSET = httpDate(LEGACY_API_SUNSET);

/**
 * Answers on the unversioned public API (`/api/…`, not the admin console) say it is deprecated:
 * `Deprecation` (RFC 9745: when), `Sunset` (RFC 8594: until when it answers scripts) and
 * `Link: <the /api/v1 path>; rel="successor-version"`. On every such answer, the web app's
 * own included: browsers ignore them, and a script cannot be told from a page by its request.
 */
export function legacyApiHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const sent = requestedPath(c.req.url);
    if (sent.startsWith(`${API_V1_PREFIX}/`) || sent === API_V1_PREFIX || isAdminConsole(sent.slice(4))) return;
    c.header('Deprecation', DEPRECATION);
    c.header('Sunset', SUNSET);
    c.header('Link', `<${API_V1_PREFIX}${sent.slice(4)}>; rel="successor-version"`, { append: true });
  };
}

/**
 * The request with the path it was routed by, for a handler that passes it on to a library that
 * routes by URL itself (Better Auth serves `/api/auth/…`, also when asked under `/api/v1`).
 */
export function routedRequest(c: Context<AppEnv>): Request {
  const url = new URL(c.req.url);
  if (url.pathname === c.req.path) return c.req.raw;
  url.pathname = c.req.path;
  const { method, headers, body } = c.req.raw;
  return new Request(url, { method, headers, body, duplex: 'half' } as RequestInit);
}
