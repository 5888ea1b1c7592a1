import type { ErrorCode } from '@atelier/contracts';
import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isServiceUnavailable } from '../db/unavailable.ts';
import type { AppEnv } from './app-env.ts';
import { AppError, issuesOfFields, serviceUnavailable } from './app-error.ts';
import type { KnownRoutes } from './known-routes.ts';

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * Maps every thrown error to the JSON error shape. A service we depend on that does not answer
 * (the database restarting …) is 503 SERVICE_UNAVAILABLE with Retry-After, since the same
 * request will succeed once it is back; any other unexpected error becomes a bare 500.
 */
export const errorHandler: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof AppError) {
    if (err.extra.retryAfter) c.header('Retry-After', String(err.extra.retryAfter));
    return c.json(err.toBody(), err.status as ContentfulStatusCode);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const code = STATUS_CODES[err.status] ?? 'VALIDATION_ERROR';
    const issues = code === 'VALIDATION_ERROR' ? { issues: issuesOfFields() } : {};
    return c.json({ error: { code, message: err.message || code, ...issues } }, err.status);
  }
  if (isServiceUnavailable(err)) {
    c.get('log')?.warn({ err }, 'a service is unavailable: answered 503');
    return errorHandler(serviceUnavailable(), c);
  }
  c.get('log')?.error({ err }, 'unhandled error');
  return c.json({ error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } }, 500);
};

export const apiNotFound: NotFoundHandler<AppEnv> = (c) =>
  c.json({ error: { code: 'NOT_FOUND', message: `No route for ${c.req.method} ${c.req.path}` } }, 404);

/**
 * What a request no route matched gets: 405 METHOD_NOT_ALLOWED with `Allow` when routes answer
 * its path with other methods (RFC 9110 §15.5.6), the 404 of an unknown path otherwise — and
 * always for `hidden` paths (the admin console, whose routes leave no trace to outsiders).
 */
export function unmatchedRoute(
  known: Pick<KnownRoutes, 'methodsAt'>,
  hidden: (path: string) => boolean,
): NotFoundHandler<AppEnv> {
  return (c) => {
    const allowed = hidden(c.req.path) ? [] : known.methodsAt(c.req.path);
    if (allowed.length === 0) return apiNotFound(c);
    c.header('Allow', allowed.join(', '));
    const message = `${c.req.method} is not allowed on ${c.req.path}: use ${allowed.join(', ')}`;
    return c.json({ error: { code: 'METHOD_NOT_ALLOWED', message } }, 405);
  };
}
