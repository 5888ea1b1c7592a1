import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentPage, linkClass, paragraphClass, sectionHeadingClass } from './content-page.tsx';
import { toFaqGroups } from './page-content.ts';

export default function HelpPage() {
  const { t } = useTranslation('pages');
  const groups = toFaqGroups(t('help.groups', { returnObjects: true }) as unknown);

  return (
    <ContentPage id="help" title={t('help.title')} lead={t('help.intro')}>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`help-${group.id}`} className="mt-10">
          <h2 id={`help-${group.id}`} className={sectionHeadingClass}>
            {group.heading}
          </h2>
          <div className="mt-4 divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {group.items.map((item) => (
              <details key={item.question} className="group px-4 py-3 open:bg-zinc-50 dark:open:bg-zinc-900">
                <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded py-1 font-medium text-zinc-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-white [&::-webkit-details-marker]:hidden">
                  <span>{item.question}</span>
                  <span
                    aria-hidden="true"
                    className="mt-0.5 shrink-0 text-zinc-500 transition-transform group-open:rotate-45 dark:text-zinc-400"
                  >
                    +
                  </span>
                </summary>
                <div className="pb-2">
                  {item.answer.map((paragraph) => (
                    <p key={paragraph} className={paragraphClass}>
                      {paragraph}
                    </p>
                  ))}
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}

      <section aria-labelledby="help-more" className="mt-12 border-t border-zinc-200 pt-8 dark:border-zinc-800">
        <h2 id="help-more" className={sectionHeadingClass}>
          {t('help.moreHeading')}
        </h2>
        <p className={paragraphClass}>{t('help.moreBody')}</p>
        <p className={paragraphClass}>
          <Link to="/contact" className={linkClass}>
            {t('help.contactLink')}
          </Link>
        </p>
      </section>
    </ContentPage>
  );
}
