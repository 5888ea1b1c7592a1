import type { Language } from '@atelier/contracts';
import { OG_LOCALES, type PageMeta } from './seo-pages.ts';

/** An element of the <head> that says what the page is (besides its title). */
export type HeadElement =
  | { tag: 'meta'; attribute: 'name' | 'property'; key: string; content: string }
  | { tag: 'link'; rel: 'canonical'; href: string };

/** What a page puts in the <head> (page-head.tsx renders it). */
export interface PageHead {
  title: string;
  elements: HeadElement[];
}

/** A path made absolute with PUBLIC_URL, as link previews and structured data need. */
export const absoluteUrl = (publicUrl: string, path: string) => new URL(path, publicUrl).href;
const property = (key: string, content: string): HeadElement => ({ tag: 'meta', attribute: 'property', key, content });
const named = (key: string, content: string): HeadElement => ({ tag: 'meta', attribute: 'name', key, content });

/**
 * A public page's head: title, description, canonical link, Open Graph and Twitter card, all
 * in the page's language. Links are made absolute (PUBLIC_URL), as link previews need.
 */
export function publicPageHead(meta: PageMeta, language: Language, publicUrl: string): PageHead {
  const url = absoluteUrl(publicUrl, meta.path);
  const elements = [
    named('description', meta.description),
    { tag: 'link', rel: 'canonical', href: url } as const,
    property('og:site_name', 'Atelier'),
    property('og:type', meta.type),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', url),
    property('og:locale', OG_LOCALES[language]),
    named('twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
  ];
  if (meta.image) {
    const image = absoluteUrl(publicUrl, meta.image.url);
    elements.push(
      property('og:image', image),
      property('og:image:width', String(meta.image.width)),
      property('og:image:height', String(meta.image.height)),
      property('og:image:alt', meta.image.alt),
      named('twitter:image', image),
      named('twitter:image:alt', meta.image.alt),
    );
  }
  return { title: meta.title, elements };
}

/**
 * The head of a page for a signed-in user (a tool page, the profile): its title and
 * description, and no indexing — robots.txt keeps crawlers off it already; this covers a link
 * followed from elsewhere. No canonical link or preview tags: it is nobody else's to share.
 */
export function signedInPageHead(meta: Pick<PageMeta, 'title' | 'description'>): PageHead {
  return { title: meta.title, elements: [named('description', meta.description), named('robots', 'noindex')] };
}
