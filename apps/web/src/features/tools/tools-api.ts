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
  /** Records (and pays for) a run done in the browser: the image's size is sent, never the image. */
  recordBrowserRun: async (tool: ToolId, size: { width: number; height: number }) =>
    (await apiFetch<RunResponse>(`/api/tools/${tool}/runs`, postJson({ clientSide: true, ...size }))).run,
  /** Uploads the result of a browser run (the cut-out only), so the gallery can save it. */
  uploadBrowserResult: async (runId: string, result: Blob) => {
    const body = new FormData();
    body.set('image', result, 'result.png');
    return (await apiFetch<RunResponse>(`/api/tools/background-removal/runs/${runId}/result`, { method: 'POST', body }))
      .run;
  },
  /** Reports a browser run that failed on this device; the server decides whether to refund it. */
  reportBrowserFailure: async (runId: string, reason: string) =>
    (await apiFetch<RunResponse>(`/api/tools/background-removal/runs/${runId}/fail`, postJson({ reason }))).run,
  getRun: async (id: string): Promise<Run> => (await apiFetch<RunResponse>(`/api/runs/${id}`)).run,
};

/** The URL of a run's server-sent events (`progress`, then `end`). */
export const runEventsUrl = (id: string) => `/api/runs/${id}/events`;
