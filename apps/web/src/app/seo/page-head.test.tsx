// @vitest-environment jsdom
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/seo.json';
import ja from '../../locales/ja/seo.json';
import { publicPageHead, signedInPageHead } from './head-tags.ts';
import { PageHeadTags } from './page-head.tsx';
import { staticPageMeta } from './seo-pages.ts';

const PUBLIC_URL = 'https://atelier.example';

async function seoT(language: 'en' | 'ja') {
  const i18n = createInstance();
  await i18n.init({ lng: language, ns: ['seo'], resources: { en: { seo: en }, ja: { seo: ja } } });
  return i18n.t;
}

/** The head React writes of a page (it moves these into <head>, server and browser alike). */
const written = (head: Parameters<typeof PageHeadTags>[0]) => renderToStaticMarkup(<PageHeadTags {...head} />);

describe('page head', () => {
  it("writes the page's title, description, canonical link and preview tags in its language", async () => {
    const t = await seoT('ja');
    const html = written({ head: publicPageHead(staticPageMeta(t, 'pricing', '/pricing'), 'ja', PUBLIC_URL) });
    expect(html).toContain('<title>料金プラン — Atelier</title>');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/pricing"/>`);
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/pricing"/>`);
    expect(html).toContain('<meta property="og:locale" content="ja_JP"/>');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('writes structured data as a data block that no text in it can close', async () => {
    const t = await seoT('en');
    const html = written({
      head: publicPageHead(staticPageMeta(t, 'gallery', '/gallery'), 'en', PUBLIC_URL),
      structuredData: { '@type': 'ImageObject', caption: 'a </script><script>alert(1)</script>' },
    });
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('gives public pages Atelier’s card as their picture, and the 404 page none', async () => {
    const t = await seoT('en');
    const pricing = publicPageHead(staticPageMeta(t, 'pricing', '/pricing'), 'en', PUBLIC_URL);
    expect(pricing.elements).toContainEqual({
      tag: 'meta',
      attribute: 'property',
      key: 'og:image',
      content: `${PUBLIC_URL}/share-card.jpg`,
    });
    expect(pricing.elements).toContainEqual({
      tag: 'meta',
      attribute: 'name',
      key: 'twitter:card',
      content: 'summary_large_image',
    });
    const notFound = publicPageHead(staticPageMeta(t, 'notFound', '/nope'), 'en', PUBLIC_URL);
    expect(notFound.elements.some((element) => element.tag === 'meta' && element.key === 'og:image')).toBe(false);
  });

  it('leaves a signed-in page nothing to share: no canonical link or preview tags, and no indexing', () => {
    const html = written({
      head: signedInPageHead({ title: 'Upscale — Atelier', description: 'Make images larger.' }),
    });
    expect(html).toBe(
      '<title>Upscale — Atelier</title><meta name="description" content="Make images larger."/><meta name="robots" content="noindex"/>',
    );
  });
});
