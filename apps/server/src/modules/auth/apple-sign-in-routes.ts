import { redirectUrlResponseSchema, socialSignInRequestSchema } from '@atelier/contracts';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { routedRequest } from '../../platform/http/api-version.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { jsonBody, jsonContent } from '../../platform/http/json-content.ts';
import { APPLE_PROVIDER_ID } from './auth.ts';
import { type AuthRouteDeps, forward, jsonRequest, passOn, redirectResponse } from './better-auth-proxy.ts';

const socialSignInRoute = apiRoute({
  method: 'post',
  path: '/sign-in/social',
  operationId: 'startAppleSignIn',
  tag: 'auth',
  access: 'public',
  summary: "Start Sign in with Apple: answers Apple's sign-in address to send the browser to",
  description: 'Apple posts the result back to `/auth/callback/apple`, which signs in and redirects to callbackURL.',
  request: jsonBody(socialSignInRequestSchema),
  responses: {
    200: jsonContent(redirectUrlResponseSchema, "Apple's sign-in page"),
    404: errorResponse('Sign in with Apple is not configured (NOT_FOUND)'),
  },
});

/** What Apple sends back: the authorization code and state, by form_post. */
const appleCallbackForm = {
  type: 'object' as const,
  properties: {
    code: { type: 'string' as const, maxLength: 2048 },
    state: { type: 'string' as const, maxLength: 2048 },
    user: { type: 'string' as const, maxLength: 2048, description: "The user's name, sent once" },
    error: { type: 'string' as const, maxLength: 2048 },
  },
};

const appleCallbackRoute = (method: 'get' | 'post') =>
  apiRoute({
    method,
    path: `/callback/${APPLE_PROVIDER_ID}`,
    operationId: method === 'get' ? 'appleSignInCallback' : 'appleSignInFormPost',
    tag: 'auth',
    access: 'public',
    crossSite: true,
    summary:
      method === 'get'
        ? 'Where Apple sends the browser back (query), to finish Sign in with Apple'
        : "Where Apple posts the result (form_post, from Apple's site), to finish Sign in with Apple",
    ...(method === 'post'
      ? {
          request: {
            body: {
              required: true,
              content: { 'application/x-www-form-urlencoded': { schema: appleCallbackForm } },
            },
          },
        }
      : {}),
    responses: {
      302: redirectResponse(
        'Signed in (a new account is created on the first sign-in), or `?error=`: on to callbackURL',
      ),
      404: errorResponse('Sign in with Apple is not configured (NOT_FOUND)'),
    },
  });

/** Sign in with Apple: its start and Apple's way back, there only when it is configured. */
export function appleSignInRoutes(deps: AuthRouteDeps) {
  const { config } = deps;
  /** Apple's routes exist only when Sign in with Apple is configured. */
  const assertApple = () => {
    if (!config.apple) throw new AppError('NOT_FOUND', 'Sign in with Apple is not configured');
  };
  return createApiRouter()
    .openapi(socialSignInRoute, async (c) => {
      assertApple();
      return passOn(await forward(deps, c, jsonRequest(c, '/sign-in/social', c.req.valid('json'))));
    })
    .openapi(appleCallbackRoute('get'), async (c) => {
      assertApple();
      return passOn(await forward(deps, c, routedRequest(c)));
    })
    .openapi(appleCallbackRoute('post'), async (c) => {
      assertApple();
      return passOn(await forward(deps, c, routedRequest(c)));
    });
}
