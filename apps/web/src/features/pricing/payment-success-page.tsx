import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { billingApi, billingKeys, formatCredits, formatMinorAmount } from '../../lib/billing-api.ts';
import { notify } from '../../lib/notify.ts';
import { SESSION_QUERY_KEY, useSession } from '../auth/index.ts';
import { PROFILE_QUERY_KEY } from '../profile/index.ts';
import { SummaryList } from './summary-list.tsx';

/**
 * /payment-success?session_id=: the server asks the payment provider about
 * the session and grants it if paid; the page shows verifying, then success or failure.
 */
export default function PaymentSuccessPage() {
  const { t, i18n } = useTranslation('pricing');
  const session = useSession();
  const sessionId = useSearchParams()[0].get('session_id') ?? '';
  const queryClient = useQueryClient();
  const verification = useQuery({
    queryKey: ['billing', 'verify', sessionId],
    queryFn: () => billingApi.verify(sessionId),
    enabled: session.status === 'signed-in' && sessionId !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const verified = verification.data?.verified === true;
  const order = verification.data?.order ?? null;
  const failed = sessionId === '' || verification.isError || verification.data?.verified === false;
  // Paid when it was no longer allowed (a second Lifetime or subscription): given back, not bought.
  const refunded = verification.data?.refunded === true;
  const failedBody = refunded ? 'verify.refundedBody' : 'verify.failedBody';

  useEffect(() => {
    // A paid session changes the plan and the credits: refresh every view of them.
    if (verified) {
      queryClient.invalidateQueries({ queryKey: billingKeys.all });
      queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    }
  }, [verified, queryClient]);
  useEffect(() => {
    if (failed && session.status === 'signed-in') {
      notify((toast) => toast.error(t('verify.failedTitle'), { description: t(failedBody) }));
    }
  }, [failed, failedBody, session.status, t]);

  if (session.status === 'loading') return <Panel title={t('verify.verifying')} icon={<Spinner />} />;
  if (session.status === 'signed-out') {
    return (
      <Panel title={t('verify.loginTitle')} body={t('verify.loginBody')}>
        <Link to="/login" className={buttonClass('primary')}>
          {t('verify.login')}
        </Link>
      </Panel>
    );
  }
  if (verified || failed) {
    // Success: on to the tools. Failure: back to the plans. Either way a way home.
    return (
      <Panel
        title={t(verified ? 'verify.successTitle' : 'verify.failedTitle')}
        body={t(verified ? 'verify.successBody' : failedBody)}
        icon={
          verified ? (
            <CircleCheck aria-hidden="true" className="size-12 text-emerald-600" />
          ) : (
            <CircleX aria-hidden="true" className="size-12 text-red-600" />
          )
        }
      >
        {order && (
          <div className="w-full text-left">
            <SummaryList
              rows={[
                [
                  t('verify.summary.plan'),
                  // Lifetime has no cycle to name beside it.
                  order.billingCycle === 'lifetime'
                    ? t(`plans.${order.plan}.name`)
                    : `${t(`plans.${order.plan}.name`)} · ${t(`cycle.${order.billingCycle}`)}`,
                ],
                [t('verify.summary.paid'), formatMinorAmount(order.amount, order.currency, i18n.language)],
                [
                  t('verify.summary.credits'),
                  t('verify.summary.creditsValue', { credits: formatCredits(order.credits, i18n.language) }),
                ],
              ]}
            />
          </div>
        )}
        <Link to={verified ? '/tools' : '/pricing'} className={buttonClass('primary')}>
          {t(verified ? 'verify.startUsingTools' : 'verify.tryAgain')}
        </Link>
        <Link to="/" className={buttonClass('secondary')}>
          {t('verify.backHome')}
        </Link>
      </Panel>
    );
  }
  return <Panel title={t('verify.verifying')} body={t('verify.verifyingBody')} icon={<Spinner />} />;
}

function Panel(props: { title: string; body?: string; icon?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center px-4 py-24 text-center" aria-live="polite">
      {props.icon}
      <h1 className="mt-6 text-2xl font-semibold tracking-tight sm:text-3xl">{props.title}</h1>
      {props.body && <p className="mt-3 text-zinc-600 dark:text-zinc-400">{props.body}</p>}
      {props.children && <div className="mt-8 flex flex-wrap justify-center gap-3">{props.children}</div>}
    </div>
  );
}
