import {
  heartbeatSchema,
  ID_MAX_LENGTH,
  opaqueText,
  SECURITY_EVENTS_DEFAULT_LIMIT,
  SECURITY_EVENTS_MAX_LIMIT,
  securityEventsResponseSchema,
  securityMetricsSchema,
  securitySettingsSchema,
  sessionStateSchema,
  sessionsResponseSchema,
  updateSecuritySettingsSchema,
} from '@atelier/contracts';
import { z } from '@hono/zod-openapi';
import type { Database } from '../../platform/db/database.ts';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { notFound } from '../../platform/http/app-error.ts';
import { jsonBody, jsonContent } from '../../platform/http/json-content.ts';
import { requireUser } from '../auth/require-user.ts';
import { checkDeviceFingerprint } from './device-fingerprint.ts';
import { requireUserQuietly } from './require-user-quietly.ts';
import { listSecurityEvents, securityMetrics } from './security-overview.ts';
import { getSecuritySettings, storedSecuritySettings, updateSecuritySettings } from './security-settings.ts';
import { sessionState, touchSession } from './session-activity.ts';
import { listSessions } from './session-list.ts';
import { revokeSession } from './session-revocation.ts';
import { onHeartbeat } from './suspicious-patterns.ts';

const sessionOk = jsonContent(sessionStateSchema, 'The session: its last activity and when it ends');
const settingsOk = jsonContent(securitySettingsSchema, 'The security settings');
const signedIn = { tag: 'security' as const, access: 'user' as const };
/** A route for signed-in users only; the request counts as the person's activity. */
const userRoute = { ...signedIn, middleware: [requireUser] };
/** A background check by the page: refused once the session is idle, but not activity itself. */
const quietRoute = { ...signedIn, middleware: [requireUserQuietly] };

const heartbeat = apiRoute({
  ...quietRoute,
  method: 'post',
  path: '/heartbeat',
  operationId: 'sendHeartbeat',
  summary: "The page's session check (every 60 s): reports activity and the device fingerprint",
  request: jsonBody(heartbeatSchema),
  responses: { 200: sessionOk },
});

const extendSession = apiRoute({
  ...quietRoute,
  method: 'post',
  path: '/session/extend',
  operationId: 'extendSession',
  summary: 'Extend Session: counts as activity, restarting the inactivity timeout',
  responses: { 200: sessionOk },
});

const getEvents = apiRoute({
  ...userRoute,
  method: 'get',
  path: '/events',
  operationId: 'listSecurityEvents',
  summary: "The caller's security events, newest first",
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(SECURITY_EVENTS_MAX_LIMIT).default(SECURITY_EVENTS_DEFAULT_LIMIT),
    }),
  },
  responses: { 200: jsonContent(securityEventsResponseSchema, 'The events') },
});

const getMetrics = apiRoute({
  ...userRoute,
  method: 'get',
  path: '/metrics',
  operationId: 'getSecurityMetrics',
  summary: 'Counts of failed sign-ins, suspicious activity and rate-limit hits, and the security score',
  responses: { 200: jsonContent(securityMetricsSchema, 'The metrics') },
});

const getSettings = apiRoute({
  ...userRoute,
  method: 'get',
  path: '/settings',
  operationId: 'getSecuritySettings',
  summary: 'The security settings (inactivity timeout, detection toggles) and fixed limits',
  responses: { 200: settingsOk },
});

const patchSettings = apiRoute({
  ...userRoute,
  method: 'patch',
  path: '/settings',
  operationId: 'updateSecuritySettings',
  summary: 'Change security settings; the inactivity timeout is 5-480 minutes',
  request: jsonBody(updateSecuritySettingsSchema),
  responses: { 200: settingsOk },
});

const getSessions = apiRoute({
  ...userRoute,
  method: 'get',
  path: '/sessions',
  operationId: 'listSessions',
  summary: "The caller's sessions (this one marked current)",
  responses: { 200: jsonContent(sessionsResponseSchema, 'The sessions') },
});

const deleteSession = apiRoute({
  ...userRoute,
  method: 'delete',
  path: '/sessions/{id}',
  operationId: 'revokeSession',
  summary: "Sign out one of the caller's sessions",
  request: { params: z.object({ id: opaqueText().min(1).max(ID_MAX_LENGTH) }) },
  responses: {
    204: { description: 'Revoked' },
    404: errorResponse('No such session of yours (NOT_FOUND)'),
  },
});

/** /api/security: session checks, settings, events, metrics and sessions, for the security page. */
export function securityRoutes(db: Database) {
  return createApiRouter()
    .openapi(heartbeat, async (c) => {
      const user = c.get('user');
      const report = c.req.valid('json');
      const { active, fingerprint } = report;
      const settings = await storedSecuritySettings(db, user.id);
      const userAgent = c.req.header('user-agent') ?? null;
      if (fingerprint && settings.enableDeviceFingerprinting) {
        await checkDeviceFingerprint(db, user, fingerprint, {
          endSessionOnMismatches: settings.enableSuspiciousActivityDetection,
          userAgent,
        });
      }
      if (settings.enableSuspiciousActivityDetection) {
        // The address was already checked by the session resolver; here only what the page reports.
        await onHeartbeat(db, user, report, { address: null, userAgent });
      }
      if (active) await touchSession(db, user);
      return c.json(await sessionState(db, user), 200);
    })
    .openapi(extendSession, async (c) => {
      const user = c.get('user');
      await touchSession(db, user);
      return c.json(await sessionState(db, user), 200);
    })
    .openapi(getEvents, async (c) => {
      const events = await listSecurityEvents(db, c.get('user').id, c.req.valid('query').limit);
      return c.json({ events }, 200);
    })
    .openapi(getMetrics, async (c) => c.json(await securityMetrics(db, c.get('user').id), 200))
    .openapi(getSettings, async (c) => c.json(await getSecuritySettings(db, c.get('user').id), 200))
    .openapi(patchSettings, async (c) =>
      c.json(await updateSecuritySettings(db, c.get('user').id, c.req.valid('json')), 200),
    )
    .openapi(getSessions, async (c) => {
      const user = c.get('user');
      return c.json({ sessions: await listSessions(db, user.id, user.sessionId) }, 200);
    })
    .openapi(deleteSession, async (c) => {
      const user = c.get('user');
      const by = { sessionId: user.sessionId, userAgent: c.req.header('user-agent') ?? null };
      const revoked = await revokeSession(db, { id: c.req.valid('param').id, userId: user.id }, 'revoked_by_user', by);
      if (!revoked) throw notFound('Session');
      return c.body(null, 204);
    });
}
