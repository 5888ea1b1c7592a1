import type { TFunction } from 'i18next';
import { copyWithToast as copy } from '../../lib/copy-with-toast.ts';

/** Copies a referral code or link: "Copied!" on success, "Copy failed" otherwise. */
export function copyWithToast(text: string, t: TFunction<'referrals'>): Promise<void> {
  return copy(text, {
    copied: t('copy.successTitle'),
    copiedDetail: t('copy.successBody'),
    failed: t('copy.failedTitle'),
    failedDetail: t('copy.failedBody'),
  });
}
