import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { notify } from '../../lib/notify.ts';
import { GenerateCodeCard } from './generate-code-card.tsx';
import { InvitationCodeList } from './invitation-code-list.tsx';
import { RedeemCodeCard } from './redeem-code-card.tsx';
import { ReferralHistory } from './referral-history.tsx';
import { ReferralLinkCard } from './referral-link-card.tsx';
import { ReferralProgressCard } from './referral-progress-card.tsx';
import { ReferralSection } from './referral-section.tsx';
import { useReferrals } from './referrals-api.ts';

/** /referral-center: progress, link and code, invitation codes, history. */
export default function ReferralCenterPage() {
  const { t } = useTranslation('referrals');
  const referrals = useReferrals();

  useEffect(() => {
    if (referrals.isError) void notify((toast) => toast.error(t('loadFailed')));
  }, [referrals.isError, t]);

  if (referrals.isPending) return <PageSpinner />;
  const data = referrals.data;
  if (!data) {
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => referrals.refetch()} />;
  }

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10">
      <header>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t('intro')}</p>
      </header>
      <ReferralSection id="progress-title" title={t('progress.title')}>
        <ReferralProgressCard progress={data.progress} />
      </ReferralSection>
      <ReferralSection id="link-title" title={t('link.title')}>
        <ReferralLinkCard link={data.referralLink} code={data.referralCode} />
      </ReferralSection>
      <div className="grid gap-6 md:grid-cols-2">
        {data.canCreateExperienceCodes && <GenerateCodeCard codeType="experience_7day" />}
        <GenerateCodeCard codeType="discount_new_user" />
        <RedeemCodeCard />
      </div>
      <ReferralSection id="history-title" title={t('history.title')}>
        <ReferralHistory history={data.history} />
      </ReferralSection>
      <ReferralSection id="codes-title" title={t('codes.title')}>
        <InvitationCodeList codes={data.invitationCodes} />
      </ReferralSection>
    </div>
  );
}
