import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api, call } from '../../lib/api-client.ts';
import { subscribeWorkspace, useWorkspaceTeamId, workspaceTeamId } from '../../lib/charged-workspace.ts';
import { PROFILE_QUERY_KEY } from '../profile/index.ts';

// What the top bar needs of teams (kept apart from the team page's calls: every page loads it).

/** Under the profile's key: whatever refreshes the balance after a run refreshes the teams' pools too. */
export const TEAMS_QUERY_KEY = [...PROFILE_QUERY_KEY, 'teams'] as const;

export const teamsQuery = queryOptions({
  queryKey: TEAMS_QUERY_KEY,
  queryFn: async () => (await call(api.GET('/teams'))).teams,
  staleTime: 10_000,
});

/**
 * The team the workspace switcher has selected, if the account still belongs to it; undefined
 * for Personal. Pass the account's id where the account may not be known to the switcher yet
 * (the top bar); a page below it reads what the top bar loaded, asking nothing when Personal.
 */
export function useWorkspaceTeam(userId?: string) {
  const selected = useSyncExternalStore(subscribeWorkspace, workspaceTeamId, () => null);
  const loaded = useWorkspaceTeamId(userId);
  const teamId = userId ? loaded : selected;
  const teams = useQuery({ ...teamsQuery, enabled: teamId !== null });
  return teamId ? teams.data?.find((t) => t.id === teamId) : undefined;
}
