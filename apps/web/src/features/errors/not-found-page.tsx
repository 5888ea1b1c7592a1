import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';

/** Any path the route table does not know, with a link home. */
export default function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-6 py-24 text-center">
      <p className="text-sm font-semibold tracking-widest text-brand-600 dark:text-brand-400">404</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">{t('notFound.title')}</h1>
      <p className="mt-4 text-zinc-600 dark:text-zinc-400">{t('notFound.body')}</p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-8')}>
        {t('backHome')}
      </Link>
    </div>
  );
}
