import type { InvitationCodeType } from '@atelier/contracts';
import {
  CURRENCY_BY_LANGUAGE,
  EXPERIENCE_CODES_PER_MONTH,
  isLanguage,
  NEW_USER_DISCOUNT_MINOR,
} from '@atelier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatMinorAmount } from '../../lib/billing-api.ts';
import { notify } from '../../lib/notify.ts';
import { copyWithToast } from './copy-to-clipboard.ts';
import { ReferralSection } from './referral-section.tsx';
import { REFERRALS_QUERY_KEY, referralsApi } from './referrals-api.ts';

/**
 * A card that creates one invitation code of a kind: the Studio-only seven-day experience code
 * or the new-user discount code. The new code is shown with a copy button and joins the list.
 */
export function GenerateCodeCard({ codeType }: { codeType: InvitationCodeType }) {
  const { t, i18n } = useTranslation('referrals');
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => referralsApi.createCode(codeType),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REFERRALS_QUERY_KEY }),
    onError: (error) => {
      const key = error instanceof ApiError && error.code === 'RATE_LIMITED' ? 'codes.limitReached' : 'codes.failed';
      void notify((toast) => toast.error(t(key, { limit: EXPERIENCE_CODES_PER_MONTH })));
    },
  });
  const code = create.data?.code;
  return (
    <ReferralSection id={`${codeType}-title`} title={t(`codes.${codeType}.title`)}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t(`codes.${codeType}.body`, {
          limit: EXPERIENCE_CODES_PER_MONTH,
          amount: formatMinorAmount(NEW_USER_DISCOUNT_MINOR, CURRENCY_BY_LANGUAGE[language], language),
        })}
      </p>
      {codeType === 'discount_new_user' && (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('codes.discount_new_user.usage')}</p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass('primary', 'sm')}
          disabled={create.isPending}
          onClick={() => create.mutate()}
        >
          {t('codes.generate')}
        </button>
        {code && (
          <>
            <code className="font-mono text-base font-semibold" data-testid={`new-${codeType}`}>
              {code}
            </code>
            <button
              type="button"
              className={buttonClass('ghost', 'icon')}
              aria-label={t('codes.copy')}
              onClick={() => copyWithToast(code, t)}
            >
              <Copy aria-hidden="true" className="size-4" />
            </button>
          </>
        )}
      </div>
    </ReferralSection>
  );
}
