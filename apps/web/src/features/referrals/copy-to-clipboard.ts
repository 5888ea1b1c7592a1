import type { TFunction } from 'i18next';
import { notify } from '../../lib/notify.ts';

/** Copies text and says so (platform.md §8): "Copied!" on success, "Copy failed" otherwise. */
export async function copyWithToast(text: string, t: TFunction<'referrals'>): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    void notify((toast) => toast.success(t('copy.successTitle'), { description: t('copy.successBody') }));
  } catch {
    void notify((toast) => toast.error(t('copy.failedTitle'), { description: t('copy.failedBody') }));
  }
}
