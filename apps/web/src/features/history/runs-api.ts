import { api, call } from '../../lib/api-client.ts';

/** The caller's runs, newest first; pass the previous page's nextCursor for older ones. */
export function listRuns(cursor: string | null) {
  return call(api.GET('/runs', { params: { query: cursor ? { cursor } : {} } }));
}
