import type { ProfileResponse, Run, RunResponse, ToolId, ToolListResponse } from '@atelier/contracts';
import { apiFetch, postJson } from '../../lib/api-client.ts';

/** GET /api/tools: costs, options and the engine serving each tool now. */
export const TOOL_CATALOGUE_QUERY_KEY = ['tool-catalogue'] as const;
/** The caller's profile (credits). Same key and data as the profile page, so one cache serves both. */
export const PROFILE_QUERY_KEY = ['profile'] as const;

export const toolsApi = {
  catalogue: () => apiFetch<ToolListResponse>('/api/tools'),
  credits: async () => (await apiFetch<ProfileResponse>('/api/me')).profile,
  startRun: async (tool: ToolId, body: FormData) =>
    (await apiFetch<RunResponse>(`/api/tools/${tool}/runs`, { method: 'POST', body })).run,
  /** Records (and pays for) a run done in the browser; the image itself is never sent. */
  recordBrowserRun: async (tool: ToolId) =>
    (await apiFetch<RunResponse>(`/api/tools/${tool}/runs`, postJson({ clientSide: true }))).run,
  getRun: async (id: string): Promise<Run> => (await apiFetch<RunResponse>(`/api/runs/${id}`)).run,
};

/** The URL of a run's server-sent events (`progress`, then `end`). */
export const runEventsUrl = (id: string) => `/api/runs/${id}/events`;
