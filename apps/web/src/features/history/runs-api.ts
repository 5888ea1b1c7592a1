import type { Run } from '@atelier/contracts';
import { api, call } from '../../lib/api-client.ts';

/** The history list's query (newest first, by cursor). */
export const RUNS_QUERY_KEY = ['runs', 'mine'] as const;

/**
 * The caller's personal runs, or with `teamId` the team's (every member's), newest first; pass
 * the previous page's nextCursor for older ones.
 */
export function listRuns(cursor: string | null, teamId?: string) {
  return call(
    api.GET('/runs', { params: { query: { ...(cursor ? { cursor } : {}), ...(teamId ? { teamId } : {}) } } }),
  );
}

/** Runs a past run again with its stored inputs and options, charged as a new run (402 when short). */
export async function rerunRun(id: string): Promise<Run> {
  return (await call(api.POST('/runs/{id}/rerun', { params: { path: { id } } }))).run;
}
