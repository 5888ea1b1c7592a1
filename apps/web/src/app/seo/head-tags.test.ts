import { createInstance } from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../../locales/en/seo.json';
import ja from '../../locales/ja/seo.json';
import {
  applyPageHead,
  PAGE_HEAD_SELECTOR,
  publicPageHead,
  renderJsonLd,
  renderPageHead,
  signedInPageHead,
} from './head-tags.ts';
import { staticPageMeta } from './seo-pages.ts';

const PUBLIC_URL = 'https://atelier.example';

async function seoT(language: 'en' | 'ja') {
  const i18n = createInstance();
  await i18n.init({ lng: language, ns: ['seo'], resources: { en: { seo: en }, ja: { seo: ja } } });
  return i18n.t;
}

/** The head's page elements as (tag, attributes) pairs, in document order. */
const pageElements = () =>
  [...document.head.querySelectorAll(PAGE_HEAD_SELECTOR)].map((element) => [
    element.tagName.toLowerCase(),
    Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value])),
  ]);

/** The document as the server sends it: the head rendered into it. */
function serverWrote(html: string) {
  document.head.innerHTML = `<meta charset="UTF-8" />${html}<link rel="icon" href="/favicon.svg" />`;
}

describe('page head', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    document.title = '';
  });

  it('writes in the browser exactly what the server wrote for the same page', async () => {
    const t = await seoT('ja');
    const head = publicPageHead(staticPageMeta(t, 'pricing', '/pricing'), 'ja', PUBLIC_URL);
    serverWrote(renderPageHead(head));
    const fromServer = pageElements();
    const serverTitle = document.title;

    document.head.innerHTML = '';
    applyPageHead(head);
    expect(pageElements()).toEqual(fromServer);
    expect(document.title).toBe(serverTitle);
    expect(document.title).toBe('料金プラン — Atelier');
  });

  it("replaces the last page's description, canonical link and preview tags on in-app navigation", async () => {
    const t = await seoT('en');
    serverWrote(
      `${renderPageHead(publicPageHead(staticPageMeta(t, 'pricing', '/pricing'), 'en', PUBLIC_URL))}${renderJsonLd({ '@type': 'ImageObject' })}`,
    );

    applyPageHead(publicPageHead(staticPageMeta(t, 'gallery', '/gallery'), 'en', PUBLIC_URL));
    // The last page's structured data is not this page's.
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
    expect(document.title).toBe('Gallery — Atelier');
    expect(document.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${PUBLIC_URL}/gallery`);
    expect(document.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(`${PUBLIC_URL}/gallery`);
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(en.gallery.description);
    // What is not the page's own stays.
    expect(document.querySelector('meta[charset]')).not.toBeNull();
    expect(document.querySelector('link[rel="icon"]')).not.toBeNull();
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

  it('leaves a signed-in page nothing to share: no canonical link or preview tags, and no indexing', async () => {
    const t = await seoT('en');
    serverWrote(renderPageHead(publicPageHead(staticPageMeta(t, 'home', '/'), 'en', PUBLIC_URL)));
    applyPageHead(signedInPageHead({ title: 'Upscale — Atelier', description: 'Make images larger.' }));
    expect(document.title).toBe('Upscale — Atelier');
    expect(pageElements()).toEqual([
      ['meta', { name: 'description', content: 'Make images larger.' }],
      ['meta', { name: 'robots', content: 'noindex' }],
    ]);
  });
});
