import type { AdminPlanGrantBody } from '@atelier/contracts';
import { adminApiClient as admin, call } from '../../lib/api-client.ts';

const user = (id: string) => ({ params: { path: { id } } });
const withReason = (id: string, reason: string) => ({ ...user(id), body: { reason } });

/** /api/admin, typed by its own document: answers only admins (everyone else gets the API's 404). */
export const adminApi = {
  searchUsers: (q: string) => call(admin.GET('/users', { params: { query: q ? { q } : {} } })),
  user: (id: string) => call(admin.GET('/users/{id}', user(id))),
  adjustCredits: (id: string, delta: number, reason: string) =>
    call(admin.POST('/users/{id}/credits', { ...user(id), body: { delta, reason } })),
  grantPlan: (id: string, body: AdminPlanGrantBody) => call(admin.POST('/users/{id}/plan', { ...user(id), body })),
  disable: (id: string, reason: string) => call(admin.POST('/users/{id}/disable', withReason(id, reason))),
  enable: (id: string, reason: string) => call(admin.POST('/users/{id}/enable', withReason(id, reason))),
  revokeSessions: (id: string, reason: string) =>
    call(admin.POST('/users/{id}/sessions/revoke', withReason(id, reason))),
  refundRun: (runId: string, reason: string) =>
    call(admin.POST('/runs/{id}/refund', { params: { path: { id: runId } }, body: { reason } })),
  runsSummary: () => call(admin.GET('/runs/summary')),
  teamAudit: (id: string) => call(admin.GET('/teams/{id}', { params: { path: { id } } })),
  audit: (cursor: string | null, userId?: string) =>
    call(admin.GET('/audit', { params: { query: { ...(cursor ? { cursor } : {}), ...(userId ? { userId } : {}) } } })),
};

export const ADMIN_QUERY_KEY = ['admin'] as const;
