import type { Context } from 'hono';
import type { Config } from '../../platform/config/config.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { clientAddress } from '../../platform/http/client-address.ts';
import type { ClaimDeps } from './account-claim.ts';
import { AUTH_BASE_PATH, type Auth, CLIENT_ADDRESS_HEADER } from './auth.ts';
import { toApiErrorResponse } from './auth-errors.ts';

/**
 * The auth routes stand in front of Better Auth's handler: they check a request, hand it on
 * with what Better Auth cannot know by itself (the client address: it cannot see the socket
 * under Hono on Node), and pass its answer back with errors in the API's shape.
 */

/** What the auth routes are built with: Better Auth's instance, the configuration, and what a claim needs. */
export interface AuthRouteDeps {
  auth: Auth;
  config: Config;
  claims: ClaimDeps;
}

/** Calls Better Auth with our client address in place of anything the client sent. */
export async function forward(deps: AuthRouteDeps, c: Context<AppEnv>, request: Request): Promise<Response> {
  const { auth, config } = deps;
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress(c, config.trustProxy));
  return toApiErrorResponse(await auth.handler(new Request(request, { headers })));
}

/**
 * A JSON POST to Better Auth with the request's headers and a body Atelier has checked: only
 * the fields its schema names go on. (A browser's bodiless sign-out becomes `{}` this way.)
 */
export function jsonRequest(c: Context<AppEnv>, path: string, body: unknown): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(new URL(`${AUTH_BASE_PATH}${path}`, c.req.url), {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
}

/**
 * Better Auth's own answer (session cookie included), passed on as it is: its body is the one
 * the route documents, but the type cannot say so.
 */
export const passOn = (res: Response) => res as never;

/** An answer that sends the browser on (a sign-in's or a verification link's end). */
export const redirectResponse = (description: string) => ({
  description,
  headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' as const } } },
});
