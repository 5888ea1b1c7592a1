import type { InvitationCode } from '@atelier/contracts';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date.ts';

/** The user's own invitation codes: Active or Inactive, uses current/max and expiry. */
export function InvitationCodeList({ codes }: { codes: InvitationCode[] }) {
  const { t, i18n } = useTranslation('referrals');
  if (codes.length === 0) return <p className="text-sm text-zinc-500">{t('codes.none')}</p>;
  return (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {codes.map((c) => (
        <li key={c.code} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
          <div>
            <code className="font-mono font-semibold">{c.code}</code>
            <p className="text-zinc-500">{t(`codes.${c.codeType}.title`)}</p>
          </div>
          <div className="flex flex-wrap items-center gap-4">
            <span>{t('codes.uses', { current: c.currentUses, max: c.maxUses })}</span>
            <span>{t('codes.expires', { date: formatDate(c.expiresAt, i18n.language, 'medium') })}</span>
            <span
              className={clsx(
                'rounded-full px-2.5 py-0.5 text-xs font-medium',
                c.isActive
                  ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300'
                  : 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400',
              )}
            >
              {t(c.isActive ? 'codes.active' : 'codes.inactive')}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
