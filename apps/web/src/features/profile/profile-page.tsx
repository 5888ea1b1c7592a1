import { LogOut } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useScrollToHash } from '../../lib/use-scroll-to-hash.ts';
import { useSignOut } from '../auth/index.ts';
import { BillingHistory, SubscriptionCard } from '../billing/index.ts';
import { ReferralSummaryCard } from '../referrals/index.ts';
import { AccountInfoCard } from './account-info-card.tsx';
import { AutomationCard } from './automation-card.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { BILLING_ANCHOR } from './profile-anchors.ts';
import { profileLoadErrorKey, toastProfileError } from './profile-toasts.ts';
import { StatCards } from './stat-cards.tsx';
import { useProfile } from './use-profile.ts';
import { WelcomeCard } from './welcome-card.tsx';

const card = 'rounded-2xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900';

/** /profile: account, stats, referral and subscription, sign-out, danger zone. */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const signOut = useSignOut();
  const loadError = profile.isError ? profileLoadErrorKey(profile.error) : null;
  // The account menu's Billing links to the plan and payments here (#billing).
  useScrollToHash(profile.data !== undefined);

  useEffect(() => {
    if (loadError) toastProfileError(t, loadError);
  }, [loadError, t]);

  if (profile.isPending) return <PageSpinner />;
  if (!profile.data) {
    return (
      <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <h1 className="text-xl font-semibold">{t(`${loadError ?? 'load.failed'}.title`)}</h1>
        <p role="alert" className="text-sm text-zinc-600 dark:text-zinc-400">
          {t(`${loadError ?? 'load.failed'}.description`)}
        </p>
        <button type="button" className={buttonClass('secondary')} onClick={() => profile.refetch()}>
          {t('welcome.refresh')}
        </button>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-10">
      <WelcomeCard profile={profile.data} onRefresh={() => profile.refetch()} refreshing={profile.isFetching} />
      <StatCards profile={profile.data} />
      <div className="grid gap-6 lg:grid-cols-2">
        <AccountInfoCard profile={profile.data} />
        <div className="flex flex-col gap-6">
          <ReferralSummaryCard />
          <div id={BILLING_ANCHOR} className="scroll-mt-24">
            <SubscriptionCard />
          </div>
        </div>
      </div>
      <BillingHistory />
      <AutomationCard />
      <section className={`${card} flex flex-wrap items-center justify-between gap-4`}>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('signOut.body')}</p>
        <button type="button" onClick={signOut} className={buttonClass('secondary')}>
          <LogOut aria-hidden="true" className="size-4" />
          {t('signOut.button')}
        </button>
      </section>
      <section
        aria-labelledby="danger-title"
        className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-red-200 bg-red-50/50 p-6 dark:border-red-900 dark:bg-red-950/30"
      >
        <div>
          <h2 id="danger-title" className="text-lg font-semibold text-red-700 dark:text-red-400">
            {t('danger.title')}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('danger.body')}</p>
        </div>
        <DeleteAccountDialog />
      </section>
    </div>
  );
}
