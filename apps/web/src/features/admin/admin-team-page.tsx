import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AccountLink } from './account-link.tsx';
import { ADMIN_QUERY_KEY, adminApi } from './admin-api.ts';
import { cell, FactTable, Section } from './section.tsx';
import { SecurityEventTable } from './security-event-table.tsx';
import { useFormatDate } from './use-format-date.ts';

const LINK = 'text-brand-700 hover:underline dark:text-brand-400';

/**
 * /admin/teams/:id: a team's audit — the team, its members with their roles and caps, and the
 * security events naming it. Reached from a member's page; a deleted team keeps its events.
 */
export default function AdminTeamPage() {
  const { t } = useTranslation('admin');
  const formatDate = useFormatDate();
  const { id = '' } = useParams();
  const query = useQuery({ queryKey: [...ADMIN_QUERY_KEY, 'team', id], queryFn: () => adminApi.teamAudit(id) });

  if (query.isPending) return <Spinner label={t('loading')} />;
  if (query.isError) {
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  }
  const { team, members, events } = query.data;
  return (
    <div className="flex flex-col gap-6">
      <Link to="/admin" className={`text-sm ${LINK}`}>
        ← {t('users.back')}
      </Link>
      <header>
        <p className="text-sm text-zinc-500">{t('team.title')}</p>
        <h2 className="text-xl font-semibold break-all" data-testid="admin-team-name">
          {team?.name ?? id}
        </h2>
        {team ? (
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
            <dt className="text-zinc-500">{t('columns.credits')}</dt>
            <dd className="font-semibold tabular-nums">{team.credits}</dd>
            <dt className="text-zinc-500">{t('team.owner')}</dt>
            <dd className="break-all">
              <AccountLink userId={team.ownerId} email={members.find((m) => m.userId === team.ownerId)?.email} />
              <span className="text-zinc-500"> · {t('team.created', { date: formatDate(team.createdAt) })}</span>
            </dd>
          </dl>
        ) : (
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('team.deleted')}</p>
        )}
      </header>

      <Section title={t('team.members')} empty={members.length === 0 && t('none')}>
        <FactTable head={[t('columns.target'), t('columns.role'), t('columns.cap'), t('columns.joined')]}>
          {members.map((member) => (
            <tr key={member.userId} data-testid="admin-team-member">
              <td className={`${cell} break-all`}>
                <AccountLink userId={member.userId} email={member.email} />
                {member.username && <span className="text-zinc-500"> · {member.username}</span>}
              </td>
              <td className={cell}>{t(`team.roles.${member.role}`)}</td>
              <td className={`${cell} tabular-nums`}>{member.monthlyCap ?? t('team.noCap')}</td>
              <td className={cell}>{formatDate(member.joinedAt)}</td>
            </tr>
          ))}
        </FactTable>
      </Section>

      <Section title={t('team.events')} empty={events.length === 0 && t('none')}>
        <SecurityEventTable events={events} showWho />
      </Section>
    </div>
  );
}
