import type { Language } from '@atelier/contracts';
import { OG_LOCALES, type PageMeta } from './seo-pages.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const absolute = (publicUrl: string, path: string) => new URL(path, publicUrl).href;

/**
 * The <head> elements of a server-rendered page: title, description, canonical link, Open
 * Graph and Twitter card, all in the page's language. Image URLs are made absolute, as link
 * previews need.
 */
export function headTags(meta: PageMeta, language: Language, publicUrl: string): string {
  const url = absolute(publicUrl, meta.path);
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    named('description', meta.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
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
    const image = absolute(publicUrl, meta.image.url);
    tags.push(
      property('og:image', image),
      property('og:image:width', String(meta.image.width)),
      property('og:image:height', String(meta.image.height)),
      property('og:image:alt', meta.image.alt),
      named('twitter:image', image),
      named('twitter:image:alt', meta.image.alt),
    );
  }
  return tags.join('\n    ');
}

/**
 * The <head> elements of a page rendered on the server for a signed-in user (a tool page):
 * its title and description, and no indexing — robots.txt keeps crawlers off it already; this
 * covers a link followed from elsewhere.
 */
export function signedInPageHead(meta: Pick<PageMeta, 'title' | 'description'>): string {
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    '<meta name="robots" content="noindex" />',
  ].join('\n    ');
}
