import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The Atelier mark and name, linking home. */
export function BrandLogo({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Link
      to="/"
      onClick={onNavigate}
      aria-label={t('nav.home')}
      className="flex items-center gap-2.5 rounded-lg font-semibold tracking-tight"
    >
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span className="text-lg">{t('brand')}</span>
    </Link>
  );
}
