import { z } from '@hono/zod-openapi';
import { errorResponse } from '../../platform/http/api-route.ts';
import { requireUser } from '../auth/require-user.ts';

// Managing a team needs a signed-in person (an API key is refused: API_KEY_NOT_ALLOWED); a key
// may read the teams, to start runs on a team's pool with `teamId`.

/** Every team route: the teams tag, a signed-in caller (401 otherwise). */
export const teamRoute = { tag: 'teams' as const, access: 'user' as const, middleware: [requireUser] };
export const teamParams = z.object({ id: z.uuid() });
export const notMember = errorResponse('No such team of yours (NOT_FOUND): a non-member is told nothing of it');
export const forbidden = errorResponse("The caller's role does not allow this (FORBIDDEN)");
