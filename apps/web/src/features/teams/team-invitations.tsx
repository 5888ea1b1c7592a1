import { TEAM_MEMBER_ROLES, type Team, type TeamMemberRole } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { teamErrorText } from './team-error-text.ts';
import { TEAM_CARD, TEAM_H2 } from './team-styles.ts';
import { TEAMS_QUERY_KEY, teamsApi } from './teams-api.ts';

export function Invitations({ team }: { team: Team }) {
  const { t, i18n } = useTranslation('team');
  const queryClient = useQueryClient();
  const key = [...TEAMS_QUERY_KEY, team.id, 'invitations'];
  const invitations = useQuery({ queryKey: key, queryFn: () => teamsApi.invitations(team.id) });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamMemberRole>('member');
  const refresh = () => queryClient.invalidateQueries({ queryKey: TEAMS_QUERY_KEY });
  const invite = useMutation({
    mutationFn: () => teamsApi.invite(team.id, email, role),
    onSuccess: async () => {
      setEmail('');
      await refresh();
    },
  });
  const revoke = useMutation({ mutationFn: (id: string) => teamsApi.revoke(team.id, id), onSuccess: refresh });
  return (
    <section className={TEAM_CARD}>
      <h2 className={TEAM_H2}>{t('invitations.title')}</h2>
      {!team.readOnly && (
        <form
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            invite.mutate();
          }}
        >
          <TextField
            label={t('invitations.email')}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="flex-1"
          />
          {team.role === 'owner' && (
            <label className="flex flex-col gap-1.5 text-sm font-medium">
              {t('members.role')}
              <select
                value={role}
                onChange={(e) => setRole(e.target.value as TeamMemberRole)}
                className="h-10 rounded-lg border border-zinc-200 bg-white px-2 dark:border-zinc-800 dark:bg-zinc-900"
              >
                {TEAM_MEMBER_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(`roles.${r}`)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="submit" className={buttonClass('primary')} disabled={invite.isPending || !email}>
            {t('invitations.send')}
          </button>
        </form>
      )}
      {invite.isError && (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          {teamErrorText(t, invite.error)}
        </p>
      )}
      {invite.isSuccess && (
        <p role="status" className="mt-3 text-sm text-emerald-700 dark:text-emerald-400">
          {t('invitations.sent')}
        </p>
      )}
      <ul className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800">
        {invitations.data?.length === 0 && <li className="py-3 text-sm text-zinc-500">{t('invitations.none')}</li>}
        {invitations.data?.map((inv) => (
          <li key={inv.id} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{inv.email}</p>
              <p className="text-sm text-zinc-500">
                {t(`roles.${inv.role}`)} ·{' '}
                {t('invitations.expires', { date: new Date(inv.expiresAt).toLocaleDateString(i18n.language) })}
              </p>
            </div>
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => revoke.mutate(inv.id)}>
              {t('invitations.revoke')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
