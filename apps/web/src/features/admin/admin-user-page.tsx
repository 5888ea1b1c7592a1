import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AccountBadges } from './account-badges.tsx';
import { ADMIN_QUERY_KEY, adminApi } from './admin-api.ts';
import { AuditTable } from './audit-table.tsx';
import { RefundRunButton } from './refund-run-button.tsx';
import { cell, FactTable, Section } from './section.tsx';
import { SecurityEventTable } from './security-event-table.tsx';
import { useFormatDate } from './use-format-date.ts';
import { UserActions } from './user-actions.tsx';

/** /admin/users/:id: everything about one account, and what an admin may do to it. */
export default function AdminUserPage() {
  const { t } = useTranslation('admin');
  const formatDate = useFormatDate();
  const { id = '' } = useParams();
  const query = useQuery({ queryKey: [...ADMIN_QUERY_KEY, 'user', id], queryFn: () => adminApi.user(id) });
  const audit = useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'audit', 'user', id],
    queryFn: () => adminApi.audit(null, id),
  });

  if (query.isPending) return <Spinner label={t('loading')} />;
  if (query.isError) {
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  }
  const { user, subscription, orders, ledger, runs, artworks, securityEvents, sessions, teams } = query.data;
  const none = (list: readonly unknown[]) => list.length === 0 && t('none');

  return (
    <div className="flex flex-col gap-6">
      <Link to="/admin" className="text-sm text-brand-700 hover:underline dark:text-brand-400">
        ← {t('users.back')}
      </Link>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold break-all" data-testid="admin-user-email">
            {user.email}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {user.username ?? '—'} · {t('user.since', { date: formatDate(user.createdAt) })}
          </p>
          <div className="mt-2">
            <AccountBadges user={user} />
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm">
          <dt className="text-zinc-500">{t('users.credits')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="admin-user-credits">
            {user.credits}
          </dd>
          <dt className="text-zinc-500">{t('users.plan')}</dt>
          <dd data-testid="admin-user-plan">
            {t(`actions.plan.names.${user.plan}`)}
            {subscription.subscription_tier === user.plan && subscription.subscription_end
              ? ` · ${formatDate(subscription.subscription_end)}`
              : ''}
          </dd>
        </dl>
      </header>
      <UserActions user={user} />

      <Section title={t('user.ledger')} empty={none(ledger)}>
        <FactTable
          head={[
            t('columns.when'),
            t('columns.change'),
            t('columns.balance'),
            t('columns.kind'),
            t('columns.reference'),
          ]}
        >
          {ledger.map((entry) => (
            <tr key={entry.id}>
              <td className={cell}>{formatDate(entry.createdAt)}</td>
              <td className={`${cell} tabular-nums`}>{entry.amount > 0 ? `+${entry.amount}` : entry.amount}</td>
              <td className={`${cell} tabular-nums`}>{entry.balanceAfter}</td>
              <td className={cell}>{t(`ledger.${entry.reason}`, { defaultValue: entry.reason })}</td>
              <td className={`${cell} font-mono text-xs break-all`}>{entry.reference ?? ''}</td>
            </tr>
          ))}
        </FactTable>
      </Section>

      <Section title={t('user.orders')} empty={none(orders)}>
        <FactTable head={[t('columns.when'), t('columns.plan'), t('columns.amount'), t('columns.status')]}>
          {orders.map((order) => (
            <tr key={order.id}>
              <td className={cell}>{formatDate(order.createdAt)}</td>
              <td className={cell}>
                {order.plan} · {order.billingCycle}
              </td>
              <td className={`${cell} tabular-nums`}>
                {(order.amount / 100).toFixed(2)} {order.currency}
              </td>
              <td className={cell}>{order.status}</td>
            </tr>
          ))}
        </FactTable>
      </Section>

      <Section title={t('user.runs')} empty={none(runs)}>
        <FactTable
          head={[
            t('columns.when'),
            t('columns.tool'),
            t('columns.engine'),
            t('columns.status'),
            t('columns.credits'),
            '',
          ]}
        >
          {runs.map((run) => (
            <tr key={run.id}>
              <td className={cell}>{formatDate(run.createdAt)}</td>
              <td className={cell}>{run.tool}</td>
              <td className={cell}>{run.engine}</td>
              <td className={cell}>
                {t(`runStatus.${run.status}`)}
                {run.error && <span className="block text-xs text-red-700 dark:text-red-400">{run.error.code}</span>}
              </td>
              <td className={`${cell} tabular-nums`}>
                {run.credits}
                {run.refunded && <span className="ml-1 text-xs text-zinc-500">({t('runStatus.refunded')})</span>}
              </td>
              <td className={cell}>
                <RefundRunButton run={run} />
              </td>
            </tr>
          ))}
        </FactTable>
      </Section>

      <Section title={t('user.artworks')} empty={none(artworks)}>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {artworks.map((artwork) => (
            <li key={artwork.id} className="rounded-xl border border-zinc-200 p-2 text-xs dark:border-zinc-800">
              {artwork.thumbnailUrl ? (
                <img src={artwork.thumbnailUrl} alt="" className="aspect-square w-full rounded-lg object-cover" />
              ) : (
                <div className="flex aspect-square w-full items-center justify-center rounded-lg bg-zinc-100 text-zinc-500 dark:bg-zinc-800">
                  {t('artworks.private')}
                </div>
              )}
              <p className="mt-1">{artwork.toolType}</p>
              <p className="text-zinc-500">
                {artwork.hiddenWhileDisabled
                  ? t('artworks.hidden')
                  : artwork.isPublic
                    ? t('artworks.public', { count: artwork.likesCount })
                    : t('artworks.private')}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('user.sessions')} empty={none(sessions)}>
        <FactTable head={[t('columns.started'), t('columns.lastActive'), t('columns.device'), t('columns.address')]}>
          {sessions.map((session) => (
            <tr key={session.id}>
              <td className={cell}>{formatDate(session.createdAt)}</td>
              <td className={cell}>{formatDate(session.lastActivity)}</td>
              <td className={`${cell} max-w-xs truncate`}>{session.userAgent ?? '—'}</td>
              <td className={cell}>{session.ipAddress ?? '—'}</td>
            </tr>
          ))}
        </FactTable>
      </Section>

      <Section title={t('user.teams')} empty={none(teams)}>
        <FactTable head={[t('columns.team'), t('columns.role')]}>
          {teams.map((team) => (
            <tr key={team.id}>
              <td className={cell}>
                <Link
                  to={`/admin/teams/${team.id}`}
                  className="text-brand-700 hover:underline dark:text-brand-400"
                  data-testid="admin-user-team"
                >
                  {team.name}
                </Link>
              </td>
              <td className={cell}>{t(`team.roles.${team.role}`)}</td>
            </tr>
          ))}
        </FactTable>
      </Section>

      <Section title={t('user.events')} empty={none(securityEvents)}>
        <SecurityEventTable events={securityEvents} />
      </Section>

      <Section title={t('user.audit')} empty={audit.data && none(audit.data.entries)}>
        {audit.data && <AuditTable entries={audit.data.entries} />}
      </Section>
    </div>
  );
}
