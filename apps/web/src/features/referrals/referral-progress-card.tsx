import type { ReferralProgress } from '@atelier/contracts';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Completed referrals against the next target, with a bar and the reward it brings. */
export function ReferralProgressCard({ progress }: { progress: ReferralProgress }) {
  const { t } = useTranslation('referrals');
  const percent = Math.min(100, Math.round((progress.count / Math.max(progress.target, 1)) * 100));
  return (
    <div>
      <div className="flex items-center justify-between gap-4">
        <p className="flex items-center gap-2 text-sm font-medium">
          <Gift aria-hidden="true" className="size-4 text-brand-600" />
          {t(`progress.next.${progress.nextReward}`)}
        </p>
        <p className="text-sm font-semibold" data-testid="referral-progress">
          {t('progress.count', { current: progress.count, target: progress.target })}
        </p>
      </div>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={progress.target}
        aria-valuenow={progress.count}
        aria-label={t('progress.title')}
        className="mt-3 h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
