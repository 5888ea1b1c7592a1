import type { Team } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TEAM_CARD, TEAM_H2 } from './team-styles.ts';
import { TEAMS_QUERY_KEY, teamsApi } from './teams-api.ts';

export function Usage({ team }: { team: Team }) {
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
    <section className={TEAM_CARD}>
      <h2 className={TEAM_H2}>{t('usage.title')}</h2>
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
