import type { TeamMemberRole } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, call, callWithoutContent } from '../../lib/api-client.ts';
import { useSession } from '../auth/index.ts';
import { teamsQuery } from './workspace-team.ts';

export { TEAMS_QUERY_KEY, useWorkspaceTeam } from './workspace-team.ts';

const team = (id: string) => ({ params: { path: { id } } });
const member = (id: string, userId: string) => ({ params: { path: { id, userId } } });

export const teamsApi = {
  create: async (name: string) => (await call(api.POST('/teams', { body: { name } }))).team,
  deleteTeam: (id: string) => callWithoutContent(api.DELETE('/teams/{id}', team(id))),
  get: (id: string) => call(api.GET('/teams/{id}', team(id))),
  invitations: async (id: string) => (await call(api.GET('/teams/{id}/invitations', team(id)))).invitations,
  invite: async (id: string, email: string, role: TeamMemberRole) =>
    (await call(api.POST('/teams/{id}/invitations', { ...team(id), body: { email, role } }))).invitation,
  revoke: (id: string, invitationId: string) =>
    callWithoutContent(
      api.DELETE('/teams/{id}/invitations/{invitationId}', { params: { path: { id, invitationId } } }),
    ),
  join: async (token: string) => (await call(api.POST('/teams/join', { body: { token } }))).team,
  remove: (id: string, userId: string) =>
    callWithoutContent(api.DELETE('/teams/{id}/members/{userId}', member(id, userId))),
  changeRole: (id: string, userId: string, role: TeamMemberRole) =>
    callWithoutContent(api.PATCH('/teams/{id}/members/{userId}', { ...member(id, userId), body: { role } })),
  setCap: (id: string, userId: string, monthlyCap: number | null) =>
    callWithoutContent(api.PUT('/teams/{id}/members/{userId}/cap', { ...member(id, userId), body: { monthlyCap } })),
  setRenewal: (id: string, receivesRenewal: boolean) =>
    callWithoutContent(api.PUT('/teams/{id}/renewal', { ...team(id), body: { receivesRenewal } })),
  fund: (id: string, amount: number) => call(api.POST('/teams/{id}/credits', { ...team(id), body: { amount } })),
  usage: (id: string) => call(api.GET('/teams/{id}/usage', team(id))),
};

/** The account's teams (empty while signed out or loading). */
export function useTeams() {
  const session = useSession();
  const query = useQuery({ ...teamsQuery, enabled: session.status === 'signed-in' });
  return session.status === 'signed-in' ? (query.data ?? []) : [];
}
