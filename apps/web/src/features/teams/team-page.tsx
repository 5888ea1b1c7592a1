import { TEAM_MEMBER_ROLES, type Team, type TeamMemberRole } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../auth/index.ts';
import { CreateTeam } from './create-team-form.tsx';
import { DeleteTeam } from './delete-team.tsx';
import { FundForm } from './fund-team-form.tsx';
import { MemberCap } from './member-cap.tsx';
import { RenewalSwitch } from './renewal-switch.tsx';
import { teamErrorText } from './team-error-text.ts';
import { Invitations } from './team-invitations.tsx';
import { TEAM_CARD, TEAM_H2 } from './team-styles.ts';
import { Usage } from './team-usage.tsx';
import { TEAMS_QUERY_KEY, teamsApi, useTeams, useWorkspaceTeam } from './teams-api.ts';

/**
 * /team: the team of the workspace (or the first one): members and roles, invitations, funding
 * and usage, each shown to the roles the server lets do it. With no team, the form to create
 * one (the server refuses it without a Studio or Lifetime plan).
 */
export default function TeamPage() {
  const { t } = useTranslation('team');
  const teams = useTeams();
  const selected = useWorkspaceTeam();
  const team = selected ?? teams[0];
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{team ? team.name : t('title')}</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t('subtitle')}</p>
      </header>
      {team ? <TeamDetail team={team} /> : <CreateTeam />}
      {team && teams.length > 0 && <CreateTeam compact />}
    </div>
  );
}

function TeamDetail({ team }: { team: Team }) {
  const { t, i18n } = useTranslation('team');
  const session = useSession();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: [...TEAMS_QUERY_KEY, team.id], queryFn: () => teamsApi.get(team.id) });
  const manager = team.role === 'owner' || team.role === 'admin';
  const refresh = () => queryClient.invalidateQueries({ queryKey: TEAMS_QUERY_KEY });
  const [error, setError] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: () => {
      setError(null);
      return refresh();
    },
    onError: (e) => setError(teamErrorText(t, e)),
  });
  const number = (n: number) => n.toLocaleString(i18n.language);
  return (
    <div className="flex flex-col gap-6">
      <section className={TEAM_CARD}>
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 className={TEAM_H2}>{t('pool.title')}</h2>
          <p className="text-2xl font-semibold tabular-nums" data-testid="team-credits">
            {t('pool.credits', { count: team.credits, amount: number(team.credits) })}
          </p>
        </div>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {t('pool.body')} {t('seats', { used: team.seats.used, max: team.seats.max })} · {t(`roles.${team.role}`)}
        </p>
        {team.readOnly && (
          <p
            role="status"
            className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          >
            {t('readOnly')}
          </p>
        )}
        {team.role === 'owner' && !team.readOnly && <FundForm team={team} />}
        {team.role === 'owner' && <RenewalSwitch team={team} />}
      </section>

      <section className={TEAM_CARD}>
        <h2 className={TEAM_H2}>{t('members.title')}</h2>
        {error && (
          <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        {detail.isPending ? (
          <Spinner />
        ) : (
          <ul className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800">
            {detail.data?.members.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{m.username ?? m.email}</p>
                  <p className="truncate text-sm text-zinc-500">{m.email}</p>
                </div>
                {team.role === 'owner' && m.role !== 'owner' ? (
                  <label className="text-sm">
                    <span className="sr-only">{t('members.role')}</span>
                    <select
                      value={m.role}
                      onChange={(e) =>
                        act.mutate(() => teamsApi.changeRole(team.id, m.id, e.target.value as TeamMemberRole))
                      }
                      className="h-9 rounded-lg border border-zinc-200 bg-white px-2 dark:border-zinc-800 dark:bg-zinc-900"
                    >
                      {TEAM_MEMBER_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {t(`roles.${role}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : (
                  <span className="rounded-full bg-zinc-100 px-2.5 py-1 text-xs font-medium dark:bg-zinc-800">
                    {t(`roles.${m.role}`)}
                  </span>
                )}
                {m.role !== 'owner' &&
                  (team.role === 'owner' || (team.role === 'admin' && m.role === 'member') ? (
                    <MemberCap
                      member={m}
                      saving={act.isPending}
                      onSave={(cap) => act.mutate(() => teamsApi.setCap(team.id, m.id, cap))}
                    />
                  ) : (
                    m.monthlyCap !== null && (
                      <span className="text-xs text-zinc-500">
                        {t('members.capShown', { cap: number(m.monthlyCap) })}
                      </span>
                    )
                  ))}
                {m.role !== 'owner' &&
                  (m.id === session.user?.id ? (
                    <button
                      type="button"
                      className={buttonClass('secondary', 'sm')}
                      onClick={() => act.mutate(() => teamsApi.remove(team.id, m.id))}
                    >
                      {t('members.leave')}
                    </button>
                  ) : (
                    (team.role === 'owner' || (team.role === 'admin' && m.role === 'member')) && (
                      <button
                        type="button"
                        className={buttonClass('secondary', 'sm')}
                        onClick={() => act.mutate(() => teamsApi.remove(team.id, m.id))}
                      >
                        {t('members.remove')}
                      </button>
                    )
                  ))}
              </li>
            ))}
          </ul>
        )}
      </section>

      {manager && <Invitations team={team} />}
      {manager && <Usage team={team} />}
      {team.role === 'owner' && <DeleteTeam team={team} />}
    </div>
  );
}
