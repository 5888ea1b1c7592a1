import type { ReferralsResponse } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date.ts';

/** Friends who signed up through the link, pending until their first payment. */
export function ReferralHistory({ history }: { history: ReferralsResponse['history'] }) {
  const { t, i18n } = useTranslation('referrals');
  if (history.length === 0) return <p className="text-sm text-zinc-500">{t('history.none')}</p>;
  return (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {history.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
          <span className="font-medium">{r.referredName}</span>
          <span className="text-zinc-500">{formatDate(r.createdAt, i18n.language, 'medium')}</span>
          <span className={r.status === 'completed' ? 'text-emerald-600 dark:text-emerald-400' : 'text-amber-600'}>
            {t(`history.status.${r.status}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}
