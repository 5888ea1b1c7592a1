import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { setWorkspace } from '../../lib/charged-workspace.ts';
import { useSession } from '../auth/index.ts';
import { teamErrorText } from './team-error-text.ts';
import { TEAM_CARD, TEAM_H2 } from './team-styles.ts';
import { TEAMS_QUERY_KEY, teamsApi } from './teams-api.ts';

export function CreateTeam({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('team');
  const session = useSession();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => teamsApi.create(name),
    onSuccess: async (team) => {
      setName('');
      await queryClient.invalidateQueries({ queryKey: TEAMS_QUERY_KEY });
      if (session.user) setWorkspace(session.user.id, team.id);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  // The server refuses teams to an account whose address is not confirmed: say so before the form.
  const unconfirmed = session.user?.emailVerified === false;
  return (
    <section className={`${TEAM_CARD} ${compact ? 'mt-8' : ''}`}>
      <h2 className={TEAM_H2}>{t('create.title')}</h2>
      {!compact && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('create.body')}</p>}
      {unconfirmed && (
        <p role="status" className="mt-3 text-sm text-amber-700 dark:text-amber-400">
          {t('create.confirmFirst')}
        </p>
      )}
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={t('create.name')}
          value={name}
          maxLength={60}
          required
          onChange={(e) => setName(e.target.value)}
          className="flex-1"
        />
        <button
          type="submit"
          className={buttonClass('primary')}
          disabled={create.isPending || !name.trim() || unconfirmed}
        >
          {t('create.submit')}
        </button>
      </form>
      {create.isError && (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          {teamErrorText(t, create.error, { unconfirmed: 'create.confirmFirst' })}
        </p>
      )}
    </section>
  );
}
