import type { Artwork } from '@atelier/contracts';
import { createInstance } from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import seo from '../locales/en/seo.json';
import tools from '../locales/en/tools.json';
import { artworkStructuredData, pageMeta } from './page-meta.ts';
import { publicPageHead } from './seo/head-tags.ts';
import { PageHeadTags } from './seo/page-head.tsx';

const PUBLIC_URL = 'https://atelier.example';
const RLO = '\u202e';

const artwork = (prompt: string, authorName = 'ada'): Artwork => ({
  id: '7d1f6a52-2f7e-4d55-9d55-0d0f5b1c2a10',
  imageUrl: '/files/artworks/a/image.png',
  thumbnailUrl: '/files/artworks/a/thumb.webp',
  thumbnails: [],
  title: null,
  width: 1024,
  height: 1024,
  prompt,
  negativePrompt: null,
  toolType: 'image-generation',
  isPublic: true,
  isDemo: false,
  authorName,
  likesCount: 0,
  userLiked: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

async function enT() {
  const i18n = createInstance();
  await i18n.init({ lng: 'en', ns: ['seo', 'tools'], resources: { en: { seo, tools } } });
  return i18n.t;
}

describe("an artwork page's head", () => {
  it('shows no text-direction control of the prompt or name in the title, previews or structured data', async () => {
    const spoof = artwork(`cat ${RLO}gnp.exe\u2066 x\u2069 \u202d`, `ada${RLO}`);
    const meta = pageMeta(await enT(), 'artwork', `/gallery/${spoof.id}`, spoof);
    const head = publicPageHead(meta, 'en', PUBLIC_URL);
    const html = renderToStaticMarkup(createElement(PageHeadTags, { head }));
    const data = artworkStructuredData(meta, spoof, PUBLIC_URL);

    expect(head.title).toBe('cat gnp.exe x by ada — Atelier');
    expect(html).toContain('<title>cat gnp.exe x by ada — Atelier</title>');
    expect(html).toContain('<meta property="og:title" content="cat gnp.exe x by ada — Atelier"/>');
    expect(html).toContain('<meta name="twitter:title" content="cat gnp.exe x by ada — Atelier"/>');
    expect(data.name).toBe(head.title);
    expect(data.caption).toBe('cat gnp.exe x');
    expect(data.creator.name).toBe('ada');
    for (const text of [html, JSON.stringify(data)]) expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it('keeps the prompt as written otherwise, in any script', async () => {
    const written = artwork('שלום 世界 — café');
    const meta = pageMeta(await enT(), 'artwork', `/gallery/${written.id}`, written);
    expect(meta.title).toBe('שלום 世界 — café by ada — Atelier');
  });
});
