import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLegalLastUpdated } from './legal-date.ts';
import { toLegalSections } from './legal-sections.ts';

export type LegalDocumentKey = 'terms' | 'privacy';

const SUPPORT_EMAIL = 'support@atelier.example';
const CONTACT_SECTION_ID = 'contact';

const RELATED: Record<LegalDocumentKey, string> = { terms: '/privacy', privacy: '/terms' };

const linkClass =
  'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:hover:text-indigo-200';

/** The layout shared by the Terms of Service and the Privacy Policy. */
export function LegalDocument({ documentKey }: { documentKey: LegalDocumentKey }) {
  const { t, i18n } = useTranslation('legal');
  const title = t(`${documentKey}.title`);
  const sections = toLegalSections(t(`${documentKey}.sections`, { returnObjects: true }) as unknown);
  const lastUpdated = formatLegalLastUpdated(i18n.language || 'en');
  const tocEntries = [
    ...sections.map(({ id, heading }) => ({ id, heading })),
    { id: CONTACT_SECTION_ID, heading: t('contact.heading') },
  ];

  return (
    <article
      aria-labelledby="legal-title"
      className="mx-auto w-full max-w-3xl px-4 py-10 text-zinc-800 sm:px-6 sm:py-14 dark:text-zinc-200"
    >
      <header className="border-b border-zinc-200 pb-6 dark:border-zinc-800">
        <h1 id="legal-title" className="text-3xl font-bold tracking-tight text-zinc-950 sm:text-4xl dark:text-white">
          {title}
        </h1>
        <p data-testid="legal-last-updated" className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          {t('lastUpdated', { date: lastUpdated })}
        </p>
        <p className="mt-5 text-base leading-7">{t(`${documentKey}.intro`)}</p>
      </header>

      <nav
        aria-labelledby="legal-toc"
        className="mt-8 rounded-lg border border-zinc-200 bg-zinc-50 p-5 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <h2 id="legal-toc" className="text-sm font-semibold tracking-wide text-zinc-950 uppercase dark:text-white">
          {t('tocHeading')}
        </h2>
        <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm leading-6 marker:text-zinc-500 dark:marker:text-zinc-400">
          {tocEntries.map(({ id, heading }) => (
            <li key={id}>
              <a href={`#${id}`} className={linkClass}>
                {heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-10 scroll-mt-24">
          <h2 id={section.id} className="scroll-mt-24 text-xl font-semibold text-zinc-950 dark:text-white">
            {/* One string, one text node: the number and its dot read as one. */}
            <span className="mr-2 text-zinc-500 dark:text-zinc-400">{`${index + 1}.`}</span>
            {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-base leading-7">
              {paragraph}
            </p>
          ))}
          {section.items.length > 0 && (
            <ul className="mt-3 list-disc space-y-2 pl-6 text-base leading-7 marker:text-zinc-500 dark:marker:text-zinc-400">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {section.after.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-base leading-7">
              {paragraph}
            </p>
          ))}
        </section>
      ))}

      <section aria-labelledby={CONTACT_SECTION_ID} className="mt-10">
        <h2 id={CONTACT_SECTION_ID} className="scroll-mt-24 text-xl font-semibold text-zinc-950 dark:text-white">
          <span className="mr-2 text-zinc-500 dark:text-zinc-400">{`${sections.length + 1}.`}</span>
          {t('contact.heading')}
        </h2>
        <p className="mt-3 text-base leading-7">{t('contact.body')}</p>
        <p className="mt-3 text-base leading-7">
          <span className="font-medium">{t('contact.emailLabel')}</span>{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
            {SUPPORT_EMAIL}
          </a>
        </p>
        <p className="mt-3 text-base leading-7">
          <Link to="/contact" className={linkClass}>
            {t('contact.contactPageLink')}
          </Link>
        </p>
      </section>

      <footer className="mt-12 border-t border-zinc-200 pt-6 text-sm dark:border-zinc-800">
        <Link to={RELATED[documentKey]} className={linkClass}>
          {t(`${documentKey}.relatedLink`)}
        </Link>
      </footer>
    </article>
  );
}
