import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ReferralProgressCard } from './referral-progress-card.tsx';
import { ReferralSection } from './referral-section.tsx';
import { useReferrals } from './referrals-api.ts';

/** The profile page's referral section: progress, the code and a way to the referral centre. */
export function ReferralSummaryCard() {
  const { t } = useTranslation('referrals');
  const referrals = useReferrals();
  return (
    <ReferralSection id="referral-summary-title" title={t('title')}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('intro')}</p>
      <div className="mt-4">
        {referrals.isPending ? (
          <Spinner />
        ) : referrals.data ? (
          <>
            <ReferralProgressCard progress={referrals.data.progress} />
            <p className="mt-3 text-sm">
              {t('link.code')} <code className="font-mono font-semibold">{referrals.data.referralCode}</code>
            </p>
          </>
        ) : (
          <p role="alert" className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('loadFailed')}
          </p>
        )}
      </div>
      <Link to="/referral-center" className={buttonClass('secondary', 'sm', 'mt-4')}>
        {t('open')}
      </Link>
    </ReferralSection>
  );
}
