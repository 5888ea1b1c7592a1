import {
  adminAuditQuerySchema,
  adminAuditResponseSchema,
  adminCreditsBodySchema,
  adminCreditsResponseSchema,
  adminMeResponseSchema,
  adminPlanGrantBodySchema,
  adminPlanGrantResponseSchema,
  adminReasonBodySchema,
  adminRunRefundResponseSchema,
  adminRunsSummaryResponseSchema,
  adminSessionsRevokedResponseSchema,
  adminTeamAuditResponseSchema,
  adminUserDetailResponseSchema,
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  ID_MAX_LENGTH,
  opaqueText,
} from '@atelier/contracts';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { type ApiRouteSpec, apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { jsonBody, jsonContent } from '../../platform/http/json-content.ts';
import { ADMIN_API_DOCUMENT, serveApiDocument } from '../api-docs/api-document.ts';
import { requireAdmin } from './require-admin.ts';
import type { AdminDeps, ConsoleAdmin } from './service.ts';
import * as service from './service.ts';

const userParams = z.object({ id: opaqueText().min(1).max(ID_MAX_LENGTH) });
const runParams = z.object({ id: z.uuid() });
const notFound = errorResponse('No such user or run — and the answer to anyone who is not an admin');
const invalid = errorResponse('VALIDATION_ERROR: a reason is required, a delta must be a non-zero integer');
const conflict = errorResponse('CONFLICT: the action no longer applies (already done)');

const adminRoute = <const R extends Omit<ApiRouteSpec, 'tag' | 'access'>>(route: R) =>
  apiRoute({ ...route, tag: 'admin', access: 'admin' });

const me = adminRoute({
  method: 'get',
  path: '/me',
  operationId: 'adminMe',
  summary: 'The signed-in admin (the console asks it before it shows itself)',
  responses: { 200: jsonContent(adminMeResponseSchema, 'An admin'), 404: notFound },
});

const searchUsers = adminRoute({
  method: 'get',
  path: '/users',
  operationId: 'adminSearchUsers',
  summary: 'Users whose e-mail or username contains q (or whose id is q), newest first, at most 50',
  request: { query: adminUserListQuerySchema },
  responses: { 200: jsonContent(adminUserListResponseSchema, 'Matching users'), 404: notFound },
});

const getUser = adminRoute({
  method: 'get',
  path: '/users/{id}',
  operationId: 'adminGetUser',
  summary: "A user's credits and ledger, plan and orders, runs, artworks, security events and sessions",
  request: { params: userParams },
  responses: { 200: jsonContent(adminUserDetailResponseSchema, 'The user'), 404: notFound },
});

const adjustCredits = adminRoute({
  method: 'post',
  path: '/users/{id}/credits',
  operationId: 'adminAdjustCredits',
  summary: 'Grant (delta > 0) or deduct (delta < 0) credits, with a reason; never below zero',
  request: { params: userParams, ...jsonBody(adminCreditsBodySchema) },
  responses: {
    200: jsonContent(adminCreditsResponseSchema, 'The new balance'),
    400: invalid,
    402: errorResponse('INSUFFICIENT_CREDITS: the deduction would leave the balance below zero'),
    404: notFound,
  },
});

const grantPlan = adminRoute({
  method: 'post',
  path: '/users/{id}/plan',
  operationId: 'adminGrantPlan',
  summary: 'Give a user a plan (Pro, Studio or Lifetime) for some days or without end: its features as if bought',
  request: { params: userParams, ...jsonBody(adminPlanGrantBodySchema) },
  responses: {
    200: jsonContent(adminPlanGrantResponseSchema, "The user's plan now and the grant's end"),
    400: invalid,
    404: notFound,
  },
});

const reasonAction = (path: string, operationId: string, summary: string, ok: ReturnType<typeof jsonContent>) =>
  adminRoute({
    method: 'post',
    path,
    operationId,
    summary,
    request: { params: userParams, ...jsonBody(adminReasonBodySchema) },
    responses: { 200: ok, 400: invalid, 404: notFound, 409: conflict },
  });

const disableUser = reasonAction(
  '/users/{id}/disable',
  'adminDisableUser',
  'Disable an account: no sign-in by any method, its sessions end at once, its public artworks leave the gallery',
  jsonContent(adminUserResponseSchema, 'The account, disabled'),
);
const enableUser = reasonAction(
  '/users/{id}/enable',
  'adminEnableUser',
  'Enable a disabled account again; its hidden public artworks return to the gallery',
  jsonContent(adminUserResponseSchema, 'The account, enabled'),
);
const revokeSessions = reasonAction(
  '/users/{id}/sessions/revoke',
  'adminRevokeSessions',
  'End every session of a user',
  jsonContent(adminSessionsRevokedResponseSchema, 'How many sessions ended'),
);

const refundRun = adminRoute({
  method: 'post',
  path: '/runs/{id}/refund',
  operationId: 'adminRefundRun',
  summary:
    "Give a finished run's credits back, once (a refunded run — by an admin or on failure — cannot be refunded again)",
  request: { params: runParams, ...jsonBody(adminReasonBodySchema) },
  responses: {
    200: jsonContent(adminRunRefundResponseSchema, "The run, refunded, and its owner's new balance"),
    400: invalid,
    404: notFound,
    409: conflict,
  },
});

const runsSummary = adminRoute({
  method: 'get',
  path: '/runs/summary',
  operationId: 'adminRunsSummary',
  summary:
    'Runs of the last 24 hours by tool and engine (count, failure rate, p50/p95 duration) and the latest failures',
  responses: { 200: jsonContent(adminRunsSummaryResponseSchema, 'The summary'), 404: notFound },
});

const audit = adminRoute({
  method: 'get',
  path: '/audit',
  operationId: 'adminListAudit',
  summary: 'The audit log of admin actions, newest first, 50 a page',
  request: { query: adminAuditQuerySchema },
  responses: { 200: jsonContent(adminAuditResponseSchema, 'A page of entries'), 400: invalid, 404: notFound },
});

const teamAudit = adminRoute({
  method: 'get',
  path: '/teams/{id}',
  operationId: 'adminTeamAudit',
  summary:
    "A team's audit: the team, its members with their roles, and its security events (invitations, joins, removals, role and cap changes, funding, deletion), newest first",
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    200: jsonContent(adminTeamAuditResponseSchema, "The team's audit"),
    404: errorResponse('No such team (nor events of one) — and the answer to anyone who is not an admin'),
  },
});

const adminOf = (c: Context<AppEnv>): ConsoleAdmin => {
  const user = c.get('user');
  return { via: 'console', id: user.id, email: user.email, sessionId: user.sessionId };
};

/**
 * /api/admin: mounted beside the public API, not inside it, so its operations stay out of the
 * public /api/openapi.json; admins read them at /api/admin/openapi.json (ADR "admin console").
 */
export function adminRoutes(deps: AdminRouteDeps) {
  const router = createApiRouter();
  router.use('*', requireAdmin({ requireSecondFactor: deps.requireSecondFactor ?? false }));
  return declareAdminApi(router, deps);
}

type AdminRouteDeps = AdminDeps & { requireSecondFactor?: boolean };

/**
 * The admin API's document as admins read it, without an admin session: what
 * `npm run api:generate` writes into the client package beside the public one.
 */
export async function adminApiDocument(deps: AdminRouteDeps): Promise<unknown> {
  const res = await declareAdminApi(createApiRouter(), deps).request('/openapi.json');
  if (!res.ok) throw new Error(`GET /api/admin/openapi.json answered ${res.status}`);
  return res.json();
}

function declareAdminApi(router: ReturnType<typeof createApiRouter>, deps: AdminRouteDeps) {
  router
    .openapi(me, (c) => c.json({ admin: { id: c.get('user').id, email: c.get('user').email } }, 200))
    .openapi(searchUsers, async (c) =>
      c.json({ users: await service.searchUsers(deps.db, c.req.valid('query').q) }, 200),
    )
    .openapi(getUser, async (c) => c.json(await service.userDetail(deps, c.req.valid('param').id), 200))
    .openapi(adjustCredits, async (c) => {
      const { delta, reason } = c.req.valid('json');
      return c.json(
        { credits: await service.adjustCredits(deps.db, adminOf(c), c.req.valid('param').id, delta, reason) },
        200,
      );
    })
    .openapi(grantPlan, async (c) =>
      c.json(await service.grantPlan(deps.db, adminOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(disableUser, async (c) => {
      const user = await service.disable(deps.db, adminOf(c), c.req.valid('param').id, c.req.valid('json').reason);
      return c.json({ user }, 200);
    })
    .openapi(enableUser, async (c) => {
      const user = await service.enable(deps.db, adminOf(c), c.req.valid('param').id, c.req.valid('json').reason);
      return c.json({ user }, 200);
    })
    .openapi(revokeSessions, async (c) => {
      const revoked = await service.revokeSessions(
        deps.db,
        adminOf(c),
        c.req.valid('param').id,
        c.req.valid('json').reason,
      );
      return c.json({ revoked }, 200);
    })
    .openapi(refundRun, async (c) =>
      c.json(await service.refundRun(deps.db, adminOf(c), c.req.valid('param').id, c.req.valid('json').reason), 200),
    )
    .openapi(runsSummary, async (c) => c.json(await service.runsSummary(deps.db), 200))
    .openapi(teamAudit, async (c) => c.json(await service.teamAudit(deps.db, c.req.valid('param').id), 200))
    .openapi(audit, async (c) => {
      const { cursor, userId } = c.req.valid('query');
      return c.json(await service.audit(deps.db, cursor, userId), 200);
    });
  serveApiDocument(router, ADMIN_API_DOCUMENT);
  return router;
}
