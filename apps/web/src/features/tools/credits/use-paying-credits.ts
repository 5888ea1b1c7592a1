import { useSession } from '../../auth/index.ts';
import { useWorkspaceTeam } from '../../teams/index.ts';
import { useCredits } from './use-credits.ts';

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
