import { formDataBody, runOf } from '@atelier/api-client';
import type { BatchToolId, Run, ToolId } from '@atelier/contracts';
import { api, call } from '../../../lib/api-client.ts';
import { workspaceTeamId } from '../../../lib/charged-workspace.ts';
import { PROFILE_QUERY_KEY } from '../../profile/index.ts';

/** GET /api/tools: costs, options and the engine serving each tool now. */
export const TOOL_CATALOGUE_QUERY_KEY = ['tool-catalogue'] as const;
// The caller's profile (credits) has the profile page's key and data: one cache serves both.
export { PROFILE_QUERY_KEY };

const run = (id: string) => ({ params: { path: { id } } });

/** The form with the workspace's team, when a team is selected: the run is charged to its pool. */
function inWorkspace(body: FormData): FormData {
  const teamId = workspaceTeamId();
  if (teamId && !body.has('teamId')) body.set('teamId', teamId);
  return body;
}

export const toolsApi = {
  catalogue: () => call(api.GET('/tools')),
  /** Starts a run with the page's multipart form (images and options, as the API names them). */
  startRun: async (tool: ToolId, form: FormData): Promise<Run> => {
    const body = inWorkspace(form);
    return runOf(
      await call(
        api.POST('/tools/{tool}/runs', {
          params: { path: { tool } },
          // The form as the page built it (file names included): the path's tool's `<Tool>RunForm`,
          // typed on that tool's own operation — `startRun`'s typed body is the JSON one.
          body: Object.fromEntries(body) as never,
          bodySerializer: () => body,
        }),
      ),
    );
  },
  /** Records (and pays for) a run done in the browser: the image's size is sent, never the image. */
  recordBrowserRun: async (tool: ToolId, size: { width: number; height: number }): Promise<Run> =>
    runOf(
      await call(
        api.POST('/tools/{tool}/runs', {
          params: { path: { tool } },
          body: { clientSide: true, ...size, ...(workspaceTeamId() ? { teamId: workspaceTeamId() ?? undefined } : {}) },
        }),
      ),
    ),
  /** Uploads the result of a browser run (the cut-out only), so the gallery can save it. */
  uploadBrowserResult: async (runId: string, result: Blob): Promise<Run> =>
    (
      await call(
        api.POST('/tools/background-removal/runs/{id}/result', {
          ...run(runId),
          body: { image: new File([result], 'result.png', { type: 'image/png' }) },
          bodySerializer: formDataBody,
        }),
      )
    ).run,
  /** Reports a browser run that failed on this device; the server decides whether to refund it. */
  reportBrowserFailure: async (runId: string, reason: string): Promise<Run> =>
    (await call(api.POST('/tools/background-removal/runs/{id}/fail', { ...run(runId), body: { reason } }))).run,
  getRun: async (id: string): Promise<Run> => (await call(api.GET('/runs/{id}', run(id)))).run,
  /** Starts one run per image of the form (`image` repeated, the options once), charged together or not at all. */
  startBatch: async (tool: BatchToolId, form: FormData) => {
    const body = inWorkspace(form);
    return (
      await call(
        api.POST('/tools/{tool}/batches', {
          params: { path: { tool } },
          body: Object.fromEntries(body) as never,
          bodySerializer: () => body,
        }),
      )
    ).batch;
  },
  getBatch: async (id: string) => (await call(api.GET('/batches/{id}', { params: { path: { id } } }))).batch,
};

/** Where a batch's succeeded outputs download as one ZIP (the session cookie authorizes it). */
export const batchArchiveUrl = (id: string) => `/api/batches/${encodeURIComponent(id)}/archive`;

/** The URL of a run's server-sent events (`progress`, then `end`). */
export const runEventsUrl = (id: string) => `/api/runs/${id}/events`;
