import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { robotsTxt } from './robots.ts';
import { sitemapXml } from './sitemap.ts';

/** For crawlers: answered by the server (they name PUBLIC_URL), not files of the web build. */
export function seoRoutes({ db, publicUrl }: { db: DbOrTx; publicUrl: string }) {
  return (
    new Hono<AppEnv>()
      // Not files of the build, but revalidated as they are: an ETag of the text, 304 when unchanged.
      .use(etag())
      .get('/robots.txt', (c) => c.text(robotsTxt(publicUrl), 200, { 'Cache-Control': 'public, max-age=86400' }))
      .get('/sitemap.xml', async (c) =>
        c.body(await sitemapXml(db, publicUrl), 200, {
          'Content-Type': 'application/xml; charset=utf-8',
          // New artworks appear within the hour; a crawler need not ask more often.
          'Cache-Control': 'public, max-age=3600',
        }),
      )
  );
}
