import { randomUUID } from 'node:crypto';
import { LEGAL_LAST_UPDATED, PUBLIC_PAGES } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hidePublicArtworks } from '../../src/modules/admin/repo.ts';
import { artworks } from '../../src/platform/db/schema/index.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { signUpTestUser, type TestUser } from '../support/users.ts';

const PUBLIC_URL = 'https://atelier.example';

describeOnEachDatabase('robots.txt and sitemap.xml', (kind) => {
  let rt: TestRuntime;
  let ada: TestUser;
  let bob: TestUser;
  const ids = { older: randomUUID(), newer: randomUUID(), private: randomUUID(), disabled: randomUUID() };

  async function artwork(id: string, owner: TestUser, isPublic: boolean, updatedAt: string) {
    await rt.database.db.insert(artworks).values({
      id,
      userId: owner.userId,
      outputIndex: 0,
      imageKey: `artworks/${id}/original.png`,
      thumbnails: [],
      width: 64,
      height: 64,
      prompt: 'a lighthouse',
      toolType: 'image-generation',
      isPublic,
      createdAt: new Date(updatedAt),
      updatedAt: new Date(updatedAt),
    });
  }

  beforeAll(async () => {
    rt = await createTestRuntime(kind, { PUBLIC_URL });
    ada = await signUpTestUser(rt);
    bob = await signUpTestUser(rt);
    await artwork(ids.older, ada, true, '2026-01-02T03:04:05Z');
    await artwork(ids.newer, ada, true, '2026-03-04T05:06:07Z');
    await artwork(ids.private, ada, false, '2026-02-01T00:00:00Z');
    await artwork(ids.disabled, bob, true, '2026-02-02T00:00:00Z');
    // Bob's account is disabled: his public artwork leaves the gallery, as the admin console does it.
    await hidePublicArtworks(rt.database.db, bob.userId);
  });
  afterAll(() => rt?.close());

  it('robots.txt is plain text that allows the public pages, keeps out the rest and names the sitemap', async () => {
    const res = await rt.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    const lines = text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    for (const path of [
      '/api/',
      '/files/',
      '/profile',
      '/history',
      '/security',
      '/referral-center',
      '/admin',
      '/tools',
    ]) {
      expect(disallowed, path).toContain(path);
    }
    for (const alias of ['/image-generation', '/image-upscale', '/ai-eraser'])
      expect(disallowed, alias).toContain(alias);
    expect(lines).toContain('Allow: /files/artworks/');
    // No public page falls under a Disallow prefix.
    for (const page of PUBLIC_PAGES) {
      expect(
        disallowed.some((prefix) => page !== '/' && page.startsWith(prefix)),
        page,
      ).toBe(false);
    }
  });

  it('sitemap.xml is a valid sitemap of the public pages and public artworks only, with lastmod', async () => {
    const res = await rt.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);

    const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' }).parse(xml);
    expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = doc.urlset.url as { loc: string; lastmod?: string }[];
    const byLoc = new Map(urls.map((u) => [u.loc, u.lastmod]));
    for (const page of PUBLIC_PAGES) expect(byLoc.has(`${PUBLIC_URL}${page}`), page).toBe(true);
    expect(byLoc.get(`${PUBLIC_URL}/terms`)).toBe(LEGAL_LAST_UPDATED);

    // Each artwork's page with its image (Google's image extension), newest first.
    expect(doc.urlset['@_xmlns:image']).toBe('http://www.google.com/schemas/sitemap-image/1.1');
    const artworkUrls = urls.filter((u) => u.loc.startsWith(`${PUBLIC_URL}/gallery/`));
    const image = (id: string) => ({ 'image:loc': `${PUBLIC_URL}/files/artworks/${id}/original.png` });
    expect(artworkUrls).toEqual([
      { loc: `${PUBLIC_URL}/gallery/${ids.newer}`, lastmod: '2026-03-04T05:06:07Z', 'image:image': image(ids.newer) },
      { loc: `${PUBLIC_URL}/gallery/${ids.older}`, lastmod: '2026-01-02T03:04:05Z', 'image:image': image(ids.older) },
    ]);
    expect(urls.find((u) => u.loc === `${PUBLIC_URL}/pricing`)).toEqual({ loc: `${PUBLIC_URL}/pricing` });
    expect(byLoc.get(`${PUBLIC_URL}/gallery`)).toBe('2026-03-04T05:06:07Z');
    // Private and disabled-author artworks are not there.
    expect(xml).not.toContain(ids.private);
    expect(xml).not.toContain(ids.disabled);
  });

  it('robots.txt and sitemap.xml carry an ETag and answer 304 while unchanged', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      const first = await rt.request(path);
      const tag = first.headers.get('etag');
      expect(tag, path).toMatch(/^(W\/)?"[^"]+"$/);
      const again = await rt.request(path, { headers: { 'If-None-Match': tag! } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
    }
    const before = (await rt.request('/sitemap.xml')).headers.get('etag');
    await artwork(randomUUID(), ada, true, '2026-04-01T00:00:00Z');
    const after = await rt.request('/sitemap.xml', { headers: { 'If-None-Match': before! } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
  });

  it('an artwork made private leaves the sitemap', async () => {
    await rt.database.db.update(artworks).set({ isPublic: false }).where(sql`${artworks.id} = ${ids.older}`);
    const xml = await (await rt.request('/sitemap.xml')).text();
    expect(xml).toContain(ids.newer);
    expect(xml).not.toContain(ids.older);
  });
});
