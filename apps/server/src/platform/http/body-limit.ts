import { REQUEST_BODY_MAX_BYTES } from '@atelier/contracts';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './app-env.ts';
import { AppError } from './app-error.ts';

/** A route that takes an image upload: its multipart body has the route's own, larger limit. */
export interface UploadRoute {
  method: string;
  path: RegExp;
}

const MEGABYTES = REQUEST_BODY_MAX_BYTES / (1024 * 1024);
export const requestBodyTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${MEGABYTES} MB`);

const isMultipart = (contentType: string | undefined) =>
  contentType?.trimStart().toLowerCase().startsWith('multipart/form-data') ?? false;

/**
 * Refuses a request body over REQUEST_BODY_MAX_BYTES (413 PAYLOAD_TOO_LARGE) before anything
 * reads it — on every route, Better Auth's and the admin console's included: by its
 * Content-Length at once (the rest is never read), and a chunked body as soon as its bytes pass
 * the limit (hono's bodyLimit holds at most the limit meanwhile). So a client cannot make the
 * server hold more than that per request, whatever the route does with the body. A multipart
 * body to one of the `uploads` goes on to that route's own limit (an image may be 10 MB).
 */
export function limitRequestBodies(uploads: readonly UploadRoute[]): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: REQUEST_BODY_MAX_BYTES,
    onError: () => {
      throw requestBodyTooLarge();
    },
  });
  return async (c, next) => {
    const upload =
      isMultipart(c.req.header('content-type')) &&
      uploads.some((route) => route.method === c.req.method && route.path.test(c.req.path));
    return upload ? next() : limit(c, next);
  };
}
