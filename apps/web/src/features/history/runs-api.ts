import type { RunListResponse } from '@atelier/contracts';
import { apiFetch } from '../../lib/api-client.ts';

/** The caller's runs, newest first; pass the previous page's nextCursor for older ones. */
export function listRuns(cursor: string | null): Promise<RunListResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiFetch<RunListResponse>(`/api/runs${query}`);
}
