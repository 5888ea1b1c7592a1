import type { ProfileDto } from '@atelier/contracts';
import { CalendarDays, Coins, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date.ts';

function StatCard({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId: string }) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
      <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
        {icon}
      </span>
      <div>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{label}</p>
        <p className="text-xl font-semibold" data-testid={testId}>
          {value}
        </p>
      </div>
    </div>
  );
}

/** Available credits, member since, and the account status (always Active, per spec). */
export function StatCards({ profile }: { profile: ProfileDto }) {
  const { t, i18n } = useTranslation('profile');
  const icon = 'size-5';
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard
        icon={<Coins aria-hidden="true" className={icon} />}
        label={t('stats.credits')}
        value={new Intl.NumberFormat(i18n.language).format(profile.credits)}
        testId="profile-credits"
      />
      <StatCard
        icon={<CalendarDays aria-hidden="true" className={icon} />}
        label={t('stats.memberSince')}
        value={formatDate(profile.createdAt, i18n.language, 'long')}
        testId="profile-member-since"
      />
      <StatCard
        icon={<ShieldCheck aria-hidden="true" className={icon} />}
        label={t('stats.status')}
        value={t('stats.active')}
        testId="profile-status"
      />
    </div>
  );
}
