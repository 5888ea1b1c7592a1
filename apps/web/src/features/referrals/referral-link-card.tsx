import { Copy, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { copyWithToast } from './copy-to-clipboard.ts';

/** The read-only referral link with copy and (where the browser has the Web Share API) share. */
export function ReferralLinkCard({ link, code }: { link: string; code: string }) {
  const { t } = useTranslation('referrals');
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = () =>
    navigator.share({ title: t('share.title'), text: t('share.text'), url: link }).catch(() => {
      // Closing the share sheet rejects too; there is nothing to report.
    });
  return (
    <div className="flex flex-col gap-4">
      <label className="flex flex-col gap-2 text-sm font-medium">
        {t('link.label')}
        <div className="flex flex-wrap gap-2">
          <input
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-800"
          />
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => copyWithToast(link, t)}>
            <Copy aria-hidden="true" className="size-4" />
            {t('link.copy')}
          </button>
          {canShare && (
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={share}>
              <Share2 aria-hidden="true" className="size-4" />
              {t('link.share')}
            </button>
          )}
        </div>
      </label>
      <p className="text-sm">
        {t('link.code')}{' '}
        <code className="font-mono text-base font-semibold" data-testid="referral-code">
          {code}
        </code>
      </p>
    </div>
  );
}
