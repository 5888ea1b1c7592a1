import { useQuery } from '@tanstack/react-query';
import { useSession } from '../auth/use-session.ts';
import { useWorkspaceTeam } from '../teams/workspace-team.ts';
import { creditsQuery } from './tools-api.ts';

/** The signed-in user's credit balance; undefined while it loads or when signed out. */
export function useCredits(): number | undefined {
  const session = useSession();
  const query = useQuery({ ...creditsQuery, enabled: session.status === 'signed-in' });
  return session.status === 'signed-in' ? query.data?.credits : undefined;
}

/**
 * The balance a run started here is paid from: the selected team's pool in a team's workspace,
 * else the account's own; with the team, when one pays.
 */
export function usePayingCredits(): { credits: number | undefined; team: { name: string } | undefined } {
  const session = useSession();
  const own = useCredits();
  const team = useWorkspaceTeam(session.user?.id);
  return { credits: team ? team.credits : own, team };
}
