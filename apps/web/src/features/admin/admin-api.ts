import type {
  AdminAuditResponse,
  AdminRunRefundResponse,
  AdminRunsSummary,
  AdminUserDetail,
  AdminUserListResponse,
  AdminUserSummary,
} from '@atelier/contracts';
import { apiFetch, postJson } from '../../lib/api-client.ts';

const user = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

/** /api/admin: answers only admins (everyone else gets the API's 404). */
export const adminApi = {
  searchUsers: (q: string) =>
    apiFetch<AdminUserListResponse>(`/api/admin/users${q ? `?q=${encodeURIComponent(q)}` : ''}`),
  user: (id: string) => apiFetch<AdminUserDetail>(user(id)),
  adjustCredits: (id: string, delta: number, reason: string) =>
    apiFetch<{ credits: number }>(`${user(id)}/credits`, postJson({ delta, reason })),
  disable: (id: string, reason: string) =>
    apiFetch<{ user: AdminUserSummary }>(`${user(id)}/disable`, postJson({ reason })),
  enable: (id: string, reason: string) =>
    apiFetch<{ user: AdminUserSummary }>(`${user(id)}/enable`, postJson({ reason })),
  revokeSessions: (id: string, reason: string) =>
    apiFetch<{ revoked: number }>(`${user(id)}/sessions/revoke`, postJson({ reason })),
  refundRun: (runId: string, reason: string) =>
    apiFetch<AdminRunRefundResponse>(`/api/admin/runs/${encodeURIComponent(runId)}/refund`, postJson({ reason })),
  runsSummary: () => apiFetch<AdminRunsSummary>('/api/admin/runs/summary'),
  audit: (cursor: string | null, userId?: string) => {
    const query = new URLSearchParams();
    if (cursor) query.set('cursor', cursor);
    if (userId) query.set('userId', userId);
    const text = query.toString();
    return apiFetch<AdminAuditResponse>(`/api/admin/audit${text ? `?${text}` : ''}`);
  },
};

export const ADMIN_QUERY_KEY = ['admin'] as const;
