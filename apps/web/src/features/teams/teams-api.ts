import type { TeamMemberRole } from '@atelier/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../lib/api-client.ts';
import { useWorkspaceTeamId } from '../../lib/workspace.ts';
import { useSession } from '../auth/use-session.ts';
import { PROFILE_QUERY_KEY } from '../profile/profile-api.ts';

/** Under the profile's key: whatever refreshes the balance after a run refreshes the teams' pools too. */
export const TEAMS_QUERY_KEY = [...PROFILE_QUERY_KEY, 'teams'] as const;
const team = (id: string) => ({ params: { path: { id } } });
const member = (id: string, userId: string) => ({ params: { path: { id, userId } } });

export const teamsApi = {
  list: async () => (await call(api.GET('/teams'))).teams,
  create: async (name: string) => (await call(api.POST('/teams', { body: { name } }))).team,
  get: (id: string) => call(api.GET('/teams/{id}', team(id))),
  invitations: async (id: string) => (await call(api.GET('/teams/{id}/invitations', team(id)))).invitations,
  invite: async (id: string, email: string, role: TeamMemberRole) =>
    (await call(api.POST('/teams/{id}/invitations', { ...team(id), body: { email, role } }))).invitation,
  revoke: (id: string, invitationId: string) =>
    call(api.DELETE('/teams/{id}/invitations/{invitationId}', { params: { path: { id, invitationId } } })),
  join: async (token: string) => (await call(api.POST('/teams/join', { body: { token } }))).team,
  remove: (id: string, userId: string) => call(api.DELETE('/teams/{id}/members/{userId}', member(id, userId))),
  changeRole: (id: string, userId: string, role: TeamMemberRole) =>
    call(api.PATCH('/teams/{id}/members/{userId}', { ...member(id, userId), body: { role } })),
  fund: (id: string, amount: number) => call(api.POST('/teams/{id}/credits', { ...team(id), body: { amount } })),
  usage: (id: string) => call(api.GET('/teams/{id}/usage', team(id))),
};

export const teamsQuery = queryOptions({ queryKey: TEAMS_QUERY_KEY, queryFn: teamsApi.list, staleTime: 10_000 });

/** The account's teams (empty while signed out or loading). */
export function useTeams() {
  const session = useSession();
  const query = useQuery({ ...teamsQuery, enabled: session.status === 'signed-in' });
  return session.status === 'signed-in' ? (query.data ?? []) : [];
}

/**
 * The team the workspace switcher has selected, if the account still belongs to it; undefined
 * for Personal (a team left or removed from falls back to Personal).
 */
export function useWorkspaceTeam() {
  const session = useSession();
  const teamId = useWorkspaceTeamId(session.user?.id);
  const teams = useTeams();
  return teamId ? teams.find((t) => t.id === teamId) : undefined;
}
