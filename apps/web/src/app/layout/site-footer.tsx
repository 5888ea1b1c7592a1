import { TOOLS_BY_ID } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toolHref } from '../../lib/tool-href.ts';
import { THIRD_PARTY_LICENSES_PATH } from '../../lib/ui-constants.ts';
import { BrandLogo } from './brand-logo.tsx';

interface FooterLink {
  to: string;
  /** i18n key, with its namespace. */
  label: string;
  /** A file the server serves, not a route of the SPA: a full page load. */
  document?: boolean;
}

// The product column links image generation at /tools/raster-generation, as the spec's footer does.
const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'footer.product',
    links: [
      { to: '/tools/raster-generation', label: 'tools:image-generation.name' },
      { to: toolHref(TOOLS_BY_ID['background-removal']), label: 'tools:background-removal.name' },
      { to: '/tools/upscale', label: 'tools:image-upscale.name' },
      { to: toolHref(TOOLS_BY_ID.vectorization), label: 'tools:vectorization.name' },
      { to: '/tools', label: 'nav.allTools' },
      { to: '/gallery', label: 'nav.gallery' },
      { to: '/pricing', label: 'nav.pricing' },
    ],
  },
  {
    title: 'footer.resources',
    links: [
      { to: '/blog', label: 'footer.blog' },
      { to: '/help', label: 'footer.help' },
    ],
  },
  {
    title: 'footer.company',
    links: [
      { to: '/about', label: 'footer.about' },
      { to: '/contact', label: 'footer.contact' },
      { to: '/terms', label: 'footer.terms' },
      { to: '/privacy', label: 'footer.privacy' },
      { to: THIRD_PARTY_LICENSES_PATH, label: 'footer.licenses', document: true },
    ],
  },
];

/** The footer: the brand, the site's links by column, the copyright. */
export function SiteFooter() {
  const { t } = useTranslation(['common', 'tools']);
  return (
    <footer className="border-t border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div className="max-w-xs">
          <BrandLogo />
          <p className="mt-4 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{t('footer.tagline')}</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={t(column.title)}>
            <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{t(column.title)}</h2>
            <ul className="mt-4 space-y-3">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    reloadDocument={link.document}
                    className="rounded text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
                  >
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-zinc-200 dark:border-zinc-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-zinc-500 sm:px-6 dark:text-zinc-400">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
