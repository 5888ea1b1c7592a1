import { LEGAL_LAST_UPDATED, PUBLIC_PAGES } from '@atelier/contracts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { fileUrl } from '../artworks/artwork-files.ts';
import { publicArtworksForSitemap } from '../artworks/repo.ts';

/** The protocol's limit for one sitemap file (sitemaps.org): the pages, then the newest artworks. */
export const SITEMAP_MAX_URLS = 50_000;

const LEGAL_PAGES = new Set<string>(['/terms', '/privacy']);

interface SitemapUrl {
  loc: string;
  lastmod?: string;
  /** The picture the page shows (Google's image extension): an artwork's full image. */
  image?: string;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);

/**
 * /sitemap.xml (sitemaps.org protocol 0.9): the public pages and every public artwork's page,
 * newest first. `lastmod` where the date is known: an artwork's last change, the legal
 * pages' date, and for the gallery its newest artwork's. An artwork's page also names its
 * image (Google's image sitemap extension), so image search finds it with its page.
 */
export async function sitemapXml(db: DbOrTx, publicUrl: string): Promise<string> {
  const artworks = await publicArtworksForSitemap(db, SITEMAP_MAX_URLS - PUBLIC_PAGES.length);
  const newest = artworks[0]?.updatedAt;
  const urls: SitemapUrl[] = [
    ...PUBLIC_PAGES.map((page) => ({
      loc: `${publicUrl}${page}`,
      lastmod: LEGAL_PAGES.has(page) ? LEGAL_LAST_UPDATED : page === '/gallery' ? newest : undefined,
    })),
    ...artworks.map((artwork) => ({
      loc: `${publicUrl}/gallery/${artwork.id}`,
      lastmod: artwork.updatedAt,
      image: `${publicUrl}${fileUrl(artwork.imageKey)}`,
    })),
  ];
  const entries = urls.map(
    ({ loc, lastmod, image }) =>
      `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${
        image ? `<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>` : ''
      }</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
