import {
  artworkListQuerySchema,
  artworkListResponseSchema,
  changeTeamRoleBodySchema,
  createTeamBodySchema,
  createTeamInvitationBodySchema,
  fundTeamBodySchema,
  fundTeamResponseSchema,
  joinTeamBodySchema,
  setTeamMemberCapBodySchema,
  setTeamRenewalBodySchema,
  TEAM_INVITATION_DAYS,
  TEAM_SEATS_MAX,
  teamDetailResponseSchema,
  teamInvitationListResponseSchema,
  teamInvitationResponseSchema,
  teamListResponseSchema,
  teamResponseSchema,
  teamUsageSchema,
} from '@atelier/contracts';
import { z } from '@hono/zod-openapi';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { jsonBody, jsonContent } from '../../platform/http/json-content.ts';
import { requireUser } from '../auth/require-user.ts';
import type { TeamDeps } from './service.ts';
import * as service from './service.ts';

// Managing a team needs a signed-in person (an API key is refused: API_KEY_NOT_ALLOWED); a key
// may read the teams, to start runs on a team's pool with `teamId`.

/** Every team route: the teams tag, a signed-in caller (401 otherwise). */
const teamRoute = { tag: 'teams' as const, access: 'user' as const, middleware: [requireUser] };
const teamParams = z.object({ id: z.uuid() });
const memberParams = z.object({ id: z.uuid(), userId: z.string().min(1).max(100) });
const invitationParams = z.object({ id: z.uuid(), invitationId: z.uuid() });
const notMember = errorResponse('No such team of yours (NOT_FOUND): a non-member is told nothing of it');
const forbidden = errorResponse("The caller's role does not allow this (FORBIDDEN)");
const noSuchMember = errorResponse('No such team of yours, or no such member (NOT_FOUND)');

const createTeam = apiRoute({
  ...teamRoute,
  method: 'post',
  path: '/teams',
  operationId: 'createTeam',
  feature: 'teams',
  summary: `Create a team (Studio and Lifetime plans): the caller is its owner; ${TEAM_SEATS_MAX} seats`,
  request: jsonBody(createTeamBodySchema),
  responses: {
    201: jsonContent(teamResponseSchema, 'The new team'),
    409: errorResponse('The caller owns as many teams as an account may (CONFLICT)'),
  },
});

const listTeams = apiRoute({
  ...teamRoute,
  method: 'get',
  path: '/teams',
  operationId: 'listTeams',
  apiKey: true,
  summary: 'The teams the caller belongs to, with the caller’s role in each',
  responses: { 200: jsonContent(teamListResponseSchema, 'The teams, oldest first') },
});

const getTeam = apiRoute({
  ...teamRoute,
  method: 'get',
  path: '/teams/{id}',
  operationId: 'getTeam',
  apiKey: true,
  summary: 'A team of the caller’s with its members',
  request: { params: teamParams },
  responses: { 200: jsonContent(teamDetailResponseSchema, 'The team and its members'), 404: notMember },
});

const deleteTeam = apiRoute({
  ...teamRoute,
  method: 'delete',
  path: '/teams/{id}',
  operationId: 'deleteTeam',
  summary:
    "Delete the team (the owner only): its remaining credits go back to the owner's balance, each team run, batch and artwork becomes the personal one of whoever made it, the members and invitations go — in one transaction",
  request: { params: teamParams },
  responses: {
    204: { description: 'Deleted' },
    403: forbidden,
    404: notMember,
    409: errorResponse('A run of the team is still queued or running (CONFLICT): try again once it has ended'),
  },
});

const createInvitation = apiRoute({
  ...teamRoute,
  method: 'post',
  path: '/teams/{id}/invitations',
  operationId: 'createTeamInvitation',
  summary: `Invite an e-mail address (owner or admin; only the owner invites admins). The mail, in the inviter's language, carries a link that works once for ${TEAM_INVITATION_DAYS} days; the invitation holds a seat`,
  request: { params: teamParams, ...jsonBody(createTeamInvitationBodySchema) },
  responses: {
    201: jsonContent(teamInvitationResponseSchema, 'The pending invitation'),
    403: errorResponse('A member who may not invite (FORBIDDEN), or a read-only team (PLAN_REQUIRED)'),
    404: notMember,
    409: errorResponse('Every seat is taken (SEATS_FULL), or the address is already a member (CONFLICT)'),
  },
});

const listInvitations = apiRoute({
  ...teamRoute,
  method: 'get',
  path: '/teams/{id}/invitations',
  operationId: 'listTeamInvitations',
  summary: 'The pending invitations (owner and admins)',
  request: { params: teamParams },
  responses: {
    200: jsonContent(teamInvitationListResponseSchema, 'Pending invitations, newest first'),
    403: forbidden,
    404: notMember,
  },
});

const revokeInvitation = apiRoute({
  ...teamRoute,
  method: 'delete',
  path: '/teams/{id}/invitations/{invitationId}',
  operationId: 'revokeTeamInvitation',
  summary: 'Revoke a pending invitation: its link stops working and its seat is free',
  request: { params: invitationParams },
  responses: {
    204: { description: 'Revoked' },
    403: forbidden,
    404: errorResponse('No such team of yours, or no such pending invitation (NOT_FOUND)'),
  },
});

const joinTeam = apiRoute({
  ...teamRoute,
  method: 'post',
  path: '/teams/join',
  operationId: 'joinTeam',
  summary: "Join with an invitation's token, as the account whose verified e-mail was invited",
  request: jsonBody(joinTeamBodySchema),
  responses: {
    200: jsonContent(teamResponseSchema, 'The team joined'),
    403: errorResponse(
      'Another address was invited (INVITATION_EMAIL_MISMATCH), the address is not verified yet (EMAIL_NOT_CONFIRMED), or the team is read-only (PLAN_REQUIRED)',
    ),
    410: errorResponse('The invitation was used, revoked or has expired (INVITATION_GONE)'),
  },
});

const removeMember = apiRoute({
  ...teamRoute,
  method: 'delete',
  path: '/teams/{id}/members/{userId}',
  operationId: 'removeTeamMember',
  summary:
    'Remove a member (owner or admin; only the owner removes an admin), or leave (one’s own id). Access ends at once; what they made stays the team’s',
  request: { params: memberParams },
  responses: {
    204: { description: 'Removed' },
    403: forbidden,
    404: noSuchMember,
    409: errorResponse('The owner cannot leave or be removed (CONFLICT)'),
  },
});

const changeRole = apiRoute({
  ...teamRoute,
  method: 'patch',
  path: '/teams/{id}/members/{userId}',
  operationId: 'changeTeamMemberRole',
  summary: "Change a member's role between admin and member (the owner only)",
  request: { params: memberParams, ...jsonBody(changeTeamRoleBodySchema) },
  responses: {
    204: { description: 'Changed' },
    403: forbidden,
    404: noSuchMember,
    409: errorResponse("The owner's role cannot change (CONFLICT)"),
  },
});

const setMemberCap = apiRoute({
  ...teamRoute,
  method: 'put',
  path: '/teams/{id}/members/{userId}/cap',
  operationId: 'setTeamMemberCap',
  summary:
    "Set or remove (null) a member's monthly cap on the team's pool (owner or admin; only the owner caps an admin). A team run past it answers 402 TEAM_MEMBER_CAP_REACHED",
  request: { params: memberParams, ...jsonBody(setTeamMemberCapBodySchema) },
  responses: {
    204: { description: 'Set' },
    403: forbidden,
    404: noSuchMember,
    409: errorResponse('The owner has no cap (CONFLICT)'),
  },
});

const setRenewal = apiRoute({
  ...teamRoute,
  method: 'put',
  path: '/teams/{id}/renewal',
  operationId: 'setTeamRenewal',
  summary:
    "Whether the owner's plan renewals credit this team's pool instead of the owner's own balance (the owner only; on for one team is off for the others)",
  request: { params: teamParams, ...jsonBody(setTeamRenewalBodySchema) },
  responses: { 204: { description: 'Set' }, 403: forbidden, 404: notMember },
});

const fundTeam = apiRoute({
  ...teamRoute,
  method: 'post',
  path: '/teams/{id}/credits',
  operationId: 'fundTeam',
  summary: "Move credits from the owner's own balance to the team's pool, in one transaction (the owner only)",
  request: { params: teamParams, ...jsonBody(fundTeamBodySchema) },
  responses: {
    200: jsonContent(fundTeamResponseSchema, 'Both balances after the move'),
    402: errorResponse("The owner's balance is short (INSUFFICIENT_CREDITS); nothing moved"),
    403: errorResponse('Not the owner (FORBIDDEN), or a read-only team (PLAN_REQUIRED)'),
    404: notMember,
  },
});

const teamUsage = apiRoute({
  ...teamRoute,
  method: 'get',
  path: '/teams/{id}/usage',
  operationId: 'getTeamUsage',
  apiKey: true,
  summary: "Credits spent from the team's pool per member, this month and last (owner and admins)",
  request: { params: teamParams },
  responses: { 200: jsonContent(teamUsageSchema, 'Spending per member'), 403: forbidden, 404: notMember },
});

const teamArtworks = apiRoute({
  ...teamRoute,
  method: 'get',
  path: '/teams/{id}/artworks',
  operationId: 'listTeamArtworks',
  apiKey: true,
  summary: "The team's library: artworks saved from team runs, private ones included, newest first",
  request: { params: teamParams, query: artworkListQuerySchema },
  responses: { 200: jsonContent(artworkListResponseSchema, 'A page of artworks'), 404: notMember },
});

export function teamRoutes(deps: TeamDeps) {
  const { db } = deps;
  return createApiRouter()
    .openapi(createTeam, async (c) =>
      c.json({ team: await service.createTeam(db, c.var.user.id, c.req.valid('json').name) }, 201),
    )
    .openapi(listTeams, async (c) => c.json({ teams: await service.listTeams(db, c.var.user.id) }, 200))
    .openapi(joinTeam, async (c) =>
      c.json({ team: await service.join(db, c.var.user.id, c.req.valid('json').token) }, 200),
    )
    .openapi(getTeam, async (c) => c.json(await service.getTeam(db, c.var.user.id, c.req.valid('param').id), 200))
    .openapi(deleteTeam, async (c) => {
      await service.deleteTeam(db, c.var.user.id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(createInvitation, async (c) => {
      const body = c.req.valid('json');
      const invitation = await service.invite(deps, c.var.user.id, c.req.valid('param').id, {
        email: body.email,
        role: body.role ?? 'member',
      });
      return c.json({ invitation }, 201);
    })
    .openapi(listInvitations, async (c) =>
      c.json({ invitations: await service.listInvitations(db, c.var.user.id, c.req.valid('param').id) }, 200),
    )
    .openapi(revokeInvitation, async (c) => {
      const { id, invitationId } = c.req.valid('param');
      await service.revokeInvitation(db, c.var.user.id, id, invitationId);
      return c.body(null, 204);
    })
    .openapi(removeMember, async (c) => {
      const { id, userId } = c.req.valid('param');
      await service.removeMember(db, c.var.user.id, id, userId);
      return c.body(null, 204);
    })
    .openapi(changeRole, async (c) => {
      const { id, userId } = c.req.valid('param');
      await service.changeRole(db, c.var.user.id, id, userId, c.req.valid('json').role);
      return c.body(null, 204);
    })
    .openapi(setMemberCap, async (c) => {
      const { id, userId } = c.req.valid('param');
      await service.setMemberCap(db, c.var.user.id, id, userId, c.req.valid('json').monthlyCap);
      return c.body(null, 204);
    })
    .openapi(setRenewal, async (c) => {
      await service.setRenewal(db, c.var.user.id, c.req.valid('param').id, c.req.valid('json').receivesRenewal);
      return c.body(null, 204);
    })
    .openapi(fundTeam, async (c) =>
      c.json(await service.fund(db, c.var.user.id, c.req.valid('param').id, c.req.valid('json').amount), 200),
    )
    .openapi(teamUsage, async (c) => c.json(await service.usage(db, c.var.user.id, c.req.valid('param').id), 200))
    .openapi(teamArtworks, async (c) =>
      c.json(await service.artworks(db, c.var.user.id, c.req.valid('param').id, c.req.valid('query').cursor), 200),
    );
}
