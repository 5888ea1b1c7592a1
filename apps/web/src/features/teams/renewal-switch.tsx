import type { Team } from '@atelier/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useOptimistic, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import { PROFILE_QUERY_KEY } from '../profile/index.ts';
import { teamErrorText } from './team-error-text.ts';
import { TEAMS_QUERY_KEY, teamsApi } from './teams-api.ts';

/** The owner's choice: plan renewals credit this pool rather than their own balance. */
export function RenewalSwitch({ team }: { team: Team }) {
  const { t } = useTranslation('team');
  const queryClient = useQueryClient();
  const [saving, startTransition] = useTransition();
  // The box ticks as it is pressed; the server stays the judge. The cached team carries the
  // choice too, so the box does not flick back between the answer and the refetch; a refusal
  // puts both back and says why in a toast.
  const [checked, setChecked] = useOptimistic(team.receivesRenewal);
  const cacheRenewal = (on: boolean) =>
    queryClient.setQueryData<Team[]>(TEAMS_QUERY_KEY, (teams) =>
      teams?.map((each) => (each.id === team.id ? { ...each, receivesRenewal: on } : each)),
    );
  const change = (on: boolean) =>
    startTransition(async () => {
      setChecked(on);
      await queryClient.cancelQueries({ queryKey: TEAMS_QUERY_KEY });
      cacheRenewal(on);
      try {
        await teamsApi.setRenewal(team.id, on);
      } catch (error) {
        cacheRenewal(!on);
        void notify((toast) => toast.error(t('pool.renewalFailed'), { description: teamErrorText(t, error) }));
      }
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    });
  return (
    <div className="mt-4 flex flex-col gap-1">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={checked}
          disabled={saving}
          onChange={(e) => change(e.target.checked)}
          data-testid="team-renewal"
        />
        {t('pool.renewal')}
      </label>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('pool.renewalHint')}</p>
    </div>
  );
}
