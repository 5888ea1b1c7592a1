import {
  artworkListQuerySchema,
  artworkListResponseSchema,
  createTeamBodySchema,
  fundTeamBodySchema,
  fundTeamResponseSchema,
  setTeamRenewalBodySchema,
  TEAM_SEATS_MAX,
  teamDetailResponseSchema,
  teamListResponseSchema,
  teamResponseSchema,
  teamUsageSchema,
} from '@atelier/contracts';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { jsonBody, jsonContent } from '../../platform/http/json-content.ts';
import type { TeamDeps } from './service.ts';
import * as service from './service.ts';
import { forbidden, notMember, teamParams, teamRoute } from './team-route-parts.ts';

// A team itself: creating, reading, deleting, funding its pool, its usage and its library.
// Invitations and members are membership-routes.ts.

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
    .openapi(getTeam, async (c) => c.json(await service.getTeam(db, c.var.user.id, c.req.valid('param').id), 200))
    .openapi(deleteTeam, async (c) => {
      await service.deleteTeam(db, c.var.user.id, c.req.valid('param').id);
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
