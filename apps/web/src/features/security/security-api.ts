import type { Heartbeat, UpdateSecuritySettings } from '@atelier/contracts';
import { api, call, callWithoutContent } from '../../lib/api-client.ts';

export const SECURITY_QUERY_KEY = ['security'] as const;
export const securityKeys = {
  settings: [...SECURITY_QUERY_KEY, 'settings'] as const,
  metrics: [...SECURITY_QUERY_KEY, 'metrics'] as const,
  events: [...SECURITY_QUERY_KEY, 'events'] as const,
  sessions: [...SECURITY_QUERY_KEY, 'sessions'] as const,
};

/** /api/security: the server decides; the page shows and reports. */
export const securityApi = {
  settings: () => call(api.GET('/security/settings')),
  updateSettings: (changes: UpdateSecuritySettings) => call(api.PATCH('/security/settings', { body: changes })),
  metrics: () => call(api.GET('/security/metrics')),
  events: async () => (await call(api.GET('/security/events', { params: { query: {} } }))).events,
  sessions: async () => (await call(api.GET('/security/sessions'))).sessions,
  revokeSession: (id: string) =>
    callWithoutContent(api.DELETE('/security/sessions/{id}', { params: { path: { id } } })),
  heartbeat: (report: Heartbeat) => call(api.POST('/security/heartbeat', { body: report })),
  extendSession: () => call(api.POST('/security/session/extend')),
  /** The session that asks carries on; every other session of the account ends. */
  changePassword: (currentPassword: string, newPassword: string) =>
    call(api.POST('/auth/change-password', { body: { currentPassword, newPassword } })),
  /** Two-factor sign-in: set-up starts with the password, and is on once a first code is confirmed. */
  startTwoFactor: (password: string) => call(api.POST('/auth/two-factor/enable', { body: { password } })),
  confirmTwoFactor: (code: string) => call(api.POST('/auth/two-factor/verify-totp', { body: { code } })),
  disableTwoFactor: (password: string) => call(api.POST('/auth/two-factor/disable', { body: { password } })),
};
