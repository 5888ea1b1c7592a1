import { FREE_PLAN_CREDITS, LANGUAGES, TOOLS } from '@atelier/contracts';
import { ArrowDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { useSession } from '../auth/index.ts';
import { useDemoTools } from '../tools/index.ts';
import { SectionIntro } from './section-intro.tsx';
import { ShowcaseSection } from './showcase-section.tsx';
import { ToolCard } from './tool-card.tsx';

const TOOLS_SECTION_ID = 'tools';

/** Scrolls to the tools and moves focus there, so keyboard users land where they look. */
function goToTools(): void {
  const section = document.getElementById(TOOLS_SECTION_ID);
  if (!section) return;
  const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
}

export default function HomePage() {
  const { t } = useTranslation('home');
  const signedOut = useSession().status === 'signed-out';
  const demoTools = useDemoTools();
  const facts = [
    { value: String(TOOLS.length), label: t('facts.tools') },
    { value: String(FREE_PLAN_CREDITS), label: t('facts.freeCredits') },
    { value: String(LANGUAGES.length), label: t('facts.languages') },
  ];

  return (
    <div>
      <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
        {/* Decorative glow behind the hero. */}
        <div
          aria-hidden="true"
          className="absolute inset-x-0 -top-40 -z-10 mx-auto h-[36rem] max-w-5xl rounded-full bg-gradient-to-tr from-brand-300/50 via-pink-200/40 to-amber-100/40 blur-3xl dark:from-brand-700/30 dark:via-pink-800/20 dark:to-transparent"
        />
        <div className="mx-auto max-w-4xl px-4 pt-20 pb-16 text-center sm:px-6 sm:pt-28 sm:pb-24">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/70 px-3.5 py-1 text-sm font-medium text-brand-700 backdrop-blur dark:border-brand-800 dark:bg-zinc-900/60 dark:text-brand-300">
            {t('hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-semibold tracking-tight text-balance text-zinc-900 sm:text-6xl dark:text-white"
          >
            {t('hero.title')}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-pretty text-zinc-600 dark:text-zinc-300">
            {t('hero.subtitle')}
          </p>
          <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
            <button type="button" onClick={goToTools} className={buttonClass('primary', 'lg')}>
              {t('hero.startNow')}
              <ArrowDown aria-hidden="true" className="size-4" />
            </button>
            <Link to="/gallery" className={buttonClass('secondary', 'lg')}>
              {t('hero.browseGallery')}
            </Link>
          </div>
          <dl className="mx-auto mt-16 grid max-w-lg grid-cols-3 gap-6">
            {facts.map((fact) => (
              <div key={fact.label} className="flex flex-col-reverse justify-end gap-1">
                <dt className="text-sm text-zinc-500 dark:text-zinc-400">{fact.label}</dt>
                <dd className="text-3xl font-semibold tracking-tight text-zinc-900 dark:text-white">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section
        id={TOOLS_SECTION_ID}
        tabIndex={-1}
        aria-labelledby="tools-title"
        className="mx-auto w-full max-w-7xl scroll-mt-20 px-4 pb-24 outline-none sm:px-6"
      >
        <SectionIntro id="tools-title" title={t('toolsSection.title')} subtitle={t('toolsSection.subtitle')} />
        <div className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {TOOLS.map((tool) => (
            <ToolCard key={tool.id} tool={tool} signedOut={signedOut} demo={demoTools.has(tool.id)} />
          ))}
        </div>
      </section>

      <ShowcaseSection signedOut={signedOut} />
    </div>
  );
}
