import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentPage, linkClass, paragraphClass, sectionHeadingClass } from './content-page.tsx';
import { toTextSections } from './page-content.ts';

export default function AboutPage() {
  const { t } = useTranslation('pages');
  const sections = toTextSections(t('about.sections', { returnObjects: true }) as unknown);

  return (
    <ContentPage id="about" title={t('about.title')} lead={t('about.lead')}>
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`about-${section.id}`} className="mt-10">
          <h2 id={`about-${section.id}`} className={sectionHeadingClass}>
            {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className={paragraphClass}>
              {paragraph}
            </p>
          ))}
        </section>
      ))}

      <ul className="mt-12 flex flex-col gap-3 border-t border-zinc-200 pt-8 sm:flex-row sm:gap-8 dark:border-zinc-800">
        <li>
          <Link to="/gallery" className={linkClass}>
            {t('about.galleryLink')}
          </Link>
        </li>
        <li>
          <Link to="/pricing" className={linkClass}>
            {t('about.pricingLink')}
          </Link>
        </li>
      </ul>
    </ContentPage>
  );
}
