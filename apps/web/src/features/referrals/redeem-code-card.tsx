import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format-date.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../auth/index.ts';
import { ReferralSection } from './referral-section.tsx';
import { referralsApi } from './referrals-api.ts';

const ERROR_KEYS: Record<string, string> = {
  NOT_FOUND: 'redeem.notFound',
  CONFLICT: 'redeem.unavailable',
  FORBIDDEN: 'redeem.notEligible',
  EMAIL_NOT_CONFIRMED: 'redeem.confirmFirst',
};

/** Redeems a friend's experience code: seven days of Studio for a new free account (ADR 0009). */
export function RedeemCodeCard() {
  const { t, i18n } = useTranslation('referrals');
  const session = useSession();
  // The server redeems codes only for an account whose address is confirmed.
  const unconfirmed = session.user?.emailVerified === false;
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const redeem = useMutation({
    mutationFn: (value: string) => referralsApi.redeem(value),
    onSuccess: (result) => {
      setCode('');
      // Plan, credits and profile all change: refetch what shows them.
      void queryClient.invalidateQueries();
      void notify((toast) =>
        toast.success(t('redeem.success', { date: formatDate(result.endsAt, i18n.language, 'medium') })),
      );
    },
    onError: (error) => {
      const key = (error instanceof ApiError && ERROR_KEYS[error.code]) || 'redeem.failed';
      void notify((toast) => toast.error(t(key)));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (value) redeem.mutate(value);
  };
  return (
    <ReferralSection id="redeem-title" title={t('redeem.title')}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('redeem.body')}</p>
      {unconfirmed && (
        <p role="status" className="mt-2 text-sm text-amber-700 dark:text-amber-400">
          {t('redeem.confirmFirst')}
        </p>
      )}
      <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={submit}>
        <label className="flex min-w-0 flex-1 flex-col gap-2 text-sm font-medium">
          {t('redeem.label')}
          <input
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
            maxLength={32}
            autoComplete="off"
            spellCheck={false}
            className="rounded-lg border border-zinc-200 bg-white px-3 py-2 font-mono text-sm uppercase dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
        <button
          type="submit"
          className={buttonClass('primary', 'sm')}
          disabled={redeem.isPending || !code.trim() || unconfirmed}
        >
          {t('redeem.submit')}
        </button>
      </form>
    </ReferralSection>
  );
}
