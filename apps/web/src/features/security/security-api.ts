import type {
  Heartbeat,
  SecurityEventDto,
  SecurityMetrics,
  SecuritySettings,
  SessionInfo,
  SessionState,
  UpdateSecuritySettings,
} from '@atelier/contracts';
import { apiFetch, postJson } from '../../lib/api-client.ts';

export const SECURITY_QUERY_KEY = ['security'] as const;
export const securityKeys = {
  settings: [...SECURITY_QUERY_KEY, 'settings'] as const,
  metrics: [...SECURITY_QUERY_KEY, 'metrics'] as const,
  events: [...SECURITY_QUERY_KEY, 'events'] as const,
  sessions: [...SECURITY_QUERY_KEY, 'sessions'] as const,
};

/** /api/security: the server decides; the page shows and reports. */
export const securityApi = {
  settings: () => apiFetch<SecuritySettings>('/api/security/settings'),
  updateSettings: (changes: UpdateSecuritySettings) =>
    apiFetch<SecuritySettings>('/api/security/settings', { method: 'PATCH', body: JSON.stringify(changes) }),
  metrics: () => apiFetch<SecurityMetrics>('/api/security/metrics'),
  events: async () => (await apiFetch<{ events: SecurityEventDto[] }>('/api/security/events')).events,
  sessions: async () => (await apiFetch<{ sessions: SessionInfo[] }>('/api/security/sessions')).sessions,
  revokeSession: (id: string) =>
    apiFetch<null>(`/api/security/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  heartbeat: (report: Heartbeat) => apiFetch<SessionState>('/api/security/heartbeat', postJson(report)),
  extendSession: () => apiFetch<SessionState>('/api/security/session/extend', postJson()),
};
