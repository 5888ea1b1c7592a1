import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentPage, linkClass, paragraphClass, SUPPORT_EMAIL, sectionHeadingClass } from './content-page.tsx';
import { toStrings } from './page-content.ts';

export default function ContactPage() {
  const { t } = useTranslation('pages');
  const include = toStrings(t('contact.include', { returnObjects: true }) as unknown);

  return (
    <ContentPage id="contact" title={t('contact.title')} lead={t('contact.intro')}>
      <section aria-labelledby="contact-email" className="mt-10">
        <h2 id="contact-email" className={sectionHeadingClass}>
          {t('contact.emailHeading')}
        </h2>
        <p className={paragraphClass}>
          <span className="font-medium">{t('contact.emailLabel')}</span>{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className={`${linkClass} text-lg`}>
            {SUPPORT_EMAIL}
          </a>
        </p>
      </section>

      <section aria-labelledby="contact-include" className="mt-10">
        <h2 id="contact-include" className={sectionHeadingClass}>
          {t('contact.includeHeading')}
        </h2>
        <p className={paragraphClass}>{t('contact.includeIntro')}</p>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-base leading-7 marker:text-zinc-500 dark:marker:text-zinc-400">
          {include.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p
          role="note"
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm leading-6 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('contact.safetyNote')}
        </p>
      </section>

      <section aria-labelledby="contact-help" className="mt-10">
        <h2 id="contact-help" className={sectionHeadingClass}>
          {t('contact.helpHeading')}
        </h2>
        <p className={paragraphClass}>
          <Link to="/help" className={linkClass}>
            {t('contact.helpLink')}
          </Link>
        </p>
      </section>
    </ContentPage>
  );
}
