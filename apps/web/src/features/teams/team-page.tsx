import {
  TEAM_MEMBER_CAP_MAX,
  TEAM_MEMBER_ROLES,
  type Team,
  type TeamMember,
  type TeamMemberRole,
} from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { setWorkspace } from '../../lib/charged-workspace.ts';
import { useSession } from '../auth/index.ts';
import { PROFILE_QUERY_KEY } from '../profile/index.ts';
import { RenewalSwitch } from './renewal-switch.tsx';
import { teamErrorText } from './team-error-text.ts';
import { TEAMS_QUERY_KEY, teamsApi, useTeams, useWorkspaceTeam } from './teams-api.ts';

const CARD = 'rounded-2xl border border-zinc-200 p-5 sm:p-6 dark:border-zinc-800';
const H2 = 'text-lg font-semibold tracking-tight';

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

function CreateTeam({ compact = false }: { compact?: boolean }) {
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
    <section className={`${CARD} ${compact ? 'mt-8' : ''}`}>
      <h2 className={H2}>{t('create.title')}</h2>
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
      <section className={CARD}>
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 className={H2}>{t('pool.title')}</h2>
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

      <section className={CARD}>
        <h2 className={H2}>{t('members.title')}</h2>
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

/** The owner deletes the team, after a second press that names it. */
function DeleteTeam({ team }: { team: Team }) {
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
    <section className={`${CARD} border-red-200 dark:border-red-900`}>
      <h2 className={H2}>{t('delete.title')}</h2>
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

/** A member's monthly cap on the pool (owner and admins); empty: no cap. */
function MemberCap({
  member,
  saving,
  onSave,
}: {
  member: TeamMember;
  saving: boolean;
  onSave: (cap: number | null) => void;
}) {
  const { t } = useTranslation('team');
  const [value, setValue] = useState(member.monthlyCap === null ? '' : String(member.monthlyCap));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(value.trim() === '' ? null : Number(value));
  };
  return (
    <form onSubmit={submit} className="flex items-center gap-2">
      <label className="text-sm">
        <span className="sr-only">{t('members.capFor', { name: member.username ?? member.email })}</span>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={TEAM_MEMBER_CAP_MAX}
          step={1}
          value={value}
          placeholder={t('members.noCap')}
          title={t('members.cap')}
          onChange={(e) => setValue(e.target.value)}
          className="h-9 w-28 rounded-lg border border-zinc-200 bg-white px-2 tabular-nums dark:border-zinc-800 dark:bg-zinc-900"
        />
      </label>
      <button type="submit" className={buttonClass('secondary', 'sm')} disabled={saving}>
        {t('members.saveCap')}
      </button>
    </form>
  );
}

function FundForm({ team }: { team: Team }) {
  const { t } = useTranslation('team');
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const fund = useMutation({
    mutationFn: () => teamsApi.fund(team.id, Number(amount)),
    onSuccess: async () => {
      setAmount('');
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
  return (
    <form
      className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        fund.mutate();
      }}
    >
      <TextField
        label={t('pool.amount')}
        hint={t('pool.hint')}
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        required
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        className="flex-1"
      />
      <button type="submit" className={buttonClass('primary')} disabled={fund.isPending || !(Number(amount) >= 1)}>
        {t('pool.fund')}
      </button>
      {fund.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {teamErrorText(t, fund.error, { unconfirmed: 'create.confirmFirst' })}
        </p>
      )}
    </form>
  );
}

function Invitations({ team }: { team: Team }) {
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
    <section className={CARD}>
      <h2 className={H2}>{t('invitations.title')}</h2>
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

function Usage({ team }: { team: Team }) {
  const { t, i18n } = useTranslation('team');
  const usage = useQuery({ queryKey: [...TEAMS_QUERY_KEY, team.id, 'usage'], queryFn: () => teamsApi.usage(team.id) });
  const month = (m: string) =>
    new Date(`${m}-01T00:00:00Z`).toLocaleDateString(i18n.language, {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  if (!usage.data) return null;
  return (
    <section className={CARD}>
      <h2 className={H2}>{t('usage.title')}</h2>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="team-usage">
          <thead className="text-zinc-500">
            <tr>
              <th className="py-2 pr-3 font-medium">{t('usage.member')}</th>
              <th className="py-2 pr-3 text-right font-medium">{month(usage.data.thisMonth)}</th>
              <th className="py-2 text-right font-medium">{month(usage.data.lastMonth)}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {usage.data.members.map((m) => (
              <tr key={m.userId}>
                <td className="max-w-[12rem] truncate py-2 pr-3">
                  {m.username ?? m.email}
                  {!m.member && <span className="ml-1 text-zinc-500">({t('usage.left')})</span>}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {m.thisMonth.toLocaleString(i18n.language)}
                  {m.monthlyCap !== null && (
                    <span className="ml-1 text-zinc-500">
                      {t('usage.ofCap', { cap: m.monthlyCap.toLocaleString(i18n.language) })}
                    </span>
                  )}
                </td>
                <td className="py-2 text-right tabular-nums">{m.lastMonth.toLocaleString(i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
