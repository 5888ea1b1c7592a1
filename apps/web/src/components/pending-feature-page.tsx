import { useTranslation } from 'react-i18next';

export type PendingArea = 'pricing' | 'gallery' | 'paymentSuccess' | 'security' | 'referrals' | 'history';

/**
 * An honest page for a route whose feature has not been built yet: its name and one sentence
 * about what it will hold. The feature's own page replaces it.
 */
export function PendingFeaturePage({ area }: { area: PendingArea }) {
  const { t } = useTranslation('common');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-20 sm:px-6">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t(`pending.${area}.title`)}</h1>
      <p className="mt-4 text-lg text-zinc-600 dark:text-zinc-400">{t(`pending.${area}.body`)}</p>
    </div>
  );
}
