import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../features/auth/index.ts';
import { teamsQuery } from '../../features/teams/index.ts';
import { setWorkspace, useWorkspaceTeamId } from '../../lib/charged-workspace.ts';

/**
 * Personal or one of the account's teams: which balance tool runs are paid from (the team's
 * pool is charged by the server when the run names the team). Shown only to an account that
 * belongs to a team; remembered per account in this browser.
 */
export function WorkspaceSwitcher() {
  const { t } = useTranslation('common');
  const session = useSession();
  const userId = session.user?.id;
  const query = useQuery({ ...teamsQuery, enabled: !!userId });
  const teams = userId ? (query.data ?? []) : [];
  const selected = useWorkspaceTeamId(userId);
  const known = teams.some((team) => team.id === selected);
  // A team left, removed from or gone: back to Personal, so no run asks for it.
  // Only on a settled list: a team just made or joined is selected as the list is asked again.
  const loaded = query.isSuccess && !query.isFetching;
  useEffect(() => {
    if (userId && selected && loaded && !known) setWorkspace(userId, null);
  }, [userId, selected, loaded, known]);
  if (!userId || teams.length === 0) return null;
  return (
    <label className="flex items-center">
      <span className="sr-only">{t('account.workspace')}</span>
      <select
        data-testid="workspace-switcher"
        value={known ? (selected ?? '') : ''}
        onChange={(event) => setWorkspace(userId, event.target.value || null)}
        className="h-9 max-w-[5.5rem] truncate rounded-full border border-zinc-200 bg-white px-2 text-sm sm:px-3 font-medium text-zinc-800 sm:max-w-[12rem] dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
      >
        <option value="">{t('account.personal')}</option>
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </select>
    </label>
  );
}
