import {
  changeTeamRoleBodySchema,
  createTeamInvitationBodySchema,
  joinTeamBodySchema,
  setTeamMemberCapBodySchema,
  TEAM_INVITATION_DAYS,
  teamInvitationListResponseSchema,
  teamInvitationResponseSchema,
  teamResponseSchema,
} from '@atelier/contracts';
import { z } from '@hono/zod-openapi';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { jsonBody, jsonContent } from '../../platform/http/json-content.ts';
import type { TeamDeps } from './service.ts';
import * as service from './service.ts';
import { forbidden, notMember, teamParams, teamRoute } from './team-route-parts.ts';

// Who is in a team: invitations, joining, and each member's role and monthly cap.

const memberParams = z.object({ id: z.uuid(), userId: z.string().min(1).max(100) });
const invitationParams = z.object({ id: z.uuid(), invitationId: z.uuid() });
const noSuchMember = errorResponse('No such team of yours, or no such member (NOT_FOUND)');

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

/** Invitations and members of a team (mounted beside teamRoutes). */
export function teamMembershipRoutes(deps: TeamDeps) {
  const { db } = deps;
  return createApiRouter()
    .openapi(joinTeam, async (c) =>
      c.json({ team: await service.join(db, c.var.user.id, c.req.valid('json').token) }, 200),
    )
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
    });
}
