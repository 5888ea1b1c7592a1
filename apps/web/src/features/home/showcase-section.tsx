import type { ToolId } from '@atelier/contracts';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loginHref } from '../../lib/redirect-target.ts';
import { toolHref } from '../../lib/tool-href.ts';
import { SectionIntro } from './section-intro.tsx';

/** A picture: the hash in its file name, its width and height. */
type ShowcasePicture = [hash: string, width: number, height: number];
interface ShowcasePair {
  tool: ToolId;
  before: ShowcasePicture;
  after: ShowcasePicture;
}

/**
 * Set by the build (apps/web/build/home-showcase.ts): before/after pictures the local engines made
 * from the sample photos when this version was built. Absent when the page is rendered from
 * source (tests), where the section is left out.
 */
declare const __HOME_SHOWCASE__: ShowcasePair[] | undefined;
const PAIRS: ShowcasePair[] = typeof __HOME_SHOWCASE__ === 'undefined' ? [] : __HOME_SHOWCASE__;

/**
 * Real results of Atelier's own engines, each beside the photo it started from, with a link to
 * the tool (for a visitor, through sign-up). Below the fold: the pictures load lazily and carry their sizes, so nothing moves.
 */
export function ShowcaseSection({ signedOut }: { signedOut: boolean }) {
  const { t } = useTranslation(['home', 'tools']);
  if (PAIRS.length === 0) return null;
  return (
    <section aria-labelledby="showcase-title" className="mx-auto w-full max-w-7xl px-4 pb-24 sm:px-6">
      <SectionIntro id="showcase-title" title={t('showcase.title')} subtitle={t('showcase.subtitle')} />
      <ul className="mt-10 grid gap-5 md:grid-cols-2">
        {PAIRS.map((pair) => {
          const name = t(`tools:${pair.tool}.name`);
          return (
            <li
              key={pair.tool}
              className="flex flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <div className="grid grid-cols-2 gap-2 sm:gap-3">
                {(['before', 'after'] as const).map((side) => {
                  const [hash, width, height] = pair[side];
                  return (
                    <figure key={side} className="flex flex-col gap-1.5">
                      <div
                        className={`flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl ${side === 'after' ? 'showcase-checkerboard' : 'bg-zinc-100 dark:bg-zinc-800'}`}
                      >
                        <img
                          src={`/assets/showcase/${pair.tool}-${side}-${hash}.webp`}
                          width={width}
                          height={height}
                          loading="lazy"
                          alt={`${t(`showcase.${side}`)} — ${name}`}
                          className="max-h-full w-full object-contain"
                        />
                      </div>
                      <figcaption className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
                        {t(`showcase.${side}`)}
                      </figcaption>
                    </figure>
                  );
                })}
              </div>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{name}</h3>
                <Link
                  to={
                    signedOut
                      ? loginHref({ next: toolHref({ id: pair.tool }), signUp: true })
                      : toolHref({ id: pair.tool })
                  }
                  className="inline-flex items-center gap-1.5 rounded-full text-sm font-medium text-brand-700 dark:text-brand-300"
                >
                  {t('showcase.try', { tool: name })}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
