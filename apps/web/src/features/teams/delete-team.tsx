import type { Team } from '@atelier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { setWorkspace } from '../../lib/charged-workspace.ts';
import { useSession } from '../auth/index.ts';
import { PROFILE_QUERY_KEY } from '../profile/index.ts';
import { teamErrorText } from './team-error-text.ts';
import { TEAM_CARD, TEAM_H2 } from './team-styles.ts';
import { teamsApi } from './teams-api.ts';

/** The owner deletes the team, after a second press that names it. */
export function DeleteTeam({ team }: { team: Team }) {
  const { t } = useTranslation('team');
  const session = useSession();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => teamsApi.deleteTeam(team.id),
    onSuccess: async () => {
      if (session.user) setWorkspace(session.user.id, null);
      // The pool came back to the owner's own balance.
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
  return (
    <section className={`${TEAM_CARD} border-red-200 dark:border-red-900`}>
      <h2 className={TEAM_H2}>{t('delete.title')}</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('delete.body')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        {confirming ? (
          <>
            <button
              type="button"
              className={buttonClass('inverse', 'md')}
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              {t('delete.confirm', { name: team.name })}
            </button>
            <button type="button" className={buttonClass('secondary', 'md')} onClick={() => setConfirming(false)}>
              {t('delete.cancel')}
            </button>
          </>
        ) : (
          <button type="button" className={buttonClass('secondary', 'md')} onClick={() => setConfirming(true)}>
            {t('delete.start')}
          </button>
        )}
      </div>
      {remove.isError && (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          {teamErrorText(t, remove.error)}
        </p>
      )}
    </section>
  );
}
