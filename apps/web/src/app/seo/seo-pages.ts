import { type Language, SHARE_CARD } from '@atelier/contracts';
import type { TFunction } from 'i18next';

/** Public pages: rendered on the server, each with its own texts in the seo namespace. */
export const SEO_PAGES = [
  'home',
  'gallery',
  'pricing',
  'login',
  'terms',
  'privacy',
  'blog',
  'help',
  'about',
  'contact',
  'notFound',
  'artwork',
] as const;
export type SeoPage = (typeof SEO_PAGES)[number];

/** What a page says about itself to search engines and link previews. */
export interface PageMeta {
  title: string;
  description: string;
  /** The page's path (with the query that names its content, if any); made absolute with PUBLIC_URL. */
  path: string;
  type: 'website' | 'article';
  image?: { url: string; width: number; height: number; alt: string };
}

/** og:locale of each interface language. */
export const OG_LOCALES: Record<Language, string> = { en: 'en_US', 'zh-TW': 'zh_TW', 'zh-CN': 'zh_CN', ja: 'ja_JP' };

/** The picture of a link to a page without one of its own: Atelier's card (scripts/share-card.ts). */
const shareCard = (t: TFunction): PageMeta['image'] => ({
  url: `/${SHARE_CARD.path}`,
  width: SHARE_CARD.width,
  height: SHARE_CARD.height,
  alt: t('seo:shareCardAlt'),
});

/**
 * The title and description of a page without content of its own (every page but an
 * artwork's), and Atelier's card as its picture; the 404 page has none, as it is nothing to share.
 */
export function staticPageMeta(t: TFunction, page: Exclude<SeoPage, 'artwork'>, path: string): PageMeta {
  const title = t(`seo:${page}.title`);
  return {
    // The home page's title already names the site.
    title: page === 'home' ? title : `${title} — ${t('seo:siteName')}`,
    description: t(`seo:${page}.description`),
    path,
    type: 'website',
    ...(page === 'notFound' ? {} : { image: shareCard(t) }),
  };
}
