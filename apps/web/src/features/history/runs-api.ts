import type { Run } from '@atelier/contracts';
import { api, call } from '../../lib/api-client.ts';

/** The history list's query (newest first, by cursor). */
export const RUNS_QUERY_KEY = ['runs', 'mine'] as const;

/** The caller's runs, newest first; pass the previous page's nextCursor for older ones. */
export function listRuns(cursor: string | null) {
  return call(api.GET('/runs', { params: { query: cursor ? { cursor } : {} } }));
}

/** Runs a past run again with its stored inputs and options, charged as a new run (402 when short). */
export async function rerunRun(id: string): Promise<Run> {
  return (await call(api.POST('/runs/{id}/rerun', { params: { path: { id } } }))).run;
}
