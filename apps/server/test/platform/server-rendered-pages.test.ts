import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Artwork, ArtworkResponse } from '@atelier/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '../../../../e2e/support/public-pages.ts';
import { runs } from '../../src/platform/db/schema/index.ts';
import { findWebBuild } from '../../src/platform/http/web-app.ts';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, signUpTestAdmin, signUpTestUser, type TestUser } from '../support/users.ts';

// The web app's real build (`npm run build`, which `npm test` runs before the tests): its
// route modules, loaders and entry.server.tsx, served through React Router's request handler.
const webBuild = findWebBuild();
// The web app's origin of the test users' requests (test/support/users.ts `as`).
const PUBLIC_URL = 'http://localhost:3000';

/** The loaders' data React Router streams with a page (turbo-stream text), decoded from its scripts. */
const routerData = (html: string) =>
  [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)]
    .map((match) => JSON.parse(match[1]!) as string)
    .join('');
/** How a query's key appears in that data: its hash, as a string. */
const queryHash = (key: unknown[]) => JSON.stringify(JSON.stringify(key));

describeOnEachDatabase('server-rendered pages', (kind) => {
  let rt: TestRuntime;
  let ada: TestUser;
  let shared: Artwork;
  let hidden: Artwork;

  const page = (pathname: string, headers: Record<string, string> = {}) => rt.request(pathname, { headers });
  const html = async (pathname: string, headers: Record<string, string> = {}) => {
    const res = await page(pathname, headers);
    return { status: res.status, text: await res.text(), res };
  };

  async function saveArtwork(user: TestUser, isPublic: boolean, prompt: string): Promise<Artwork> {
    const id = randomUUID();
    const key = `runs/${id}/output-0.png`;
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#cc6633' } })
      .png()
      .toBuffer();
    await rt.storage.put(key, png, 'image/png');
    await rt.database.db.insert(runs).values({
      id,
      userId: user.userId,
      tool: 'image-generation',
      status: 'succeeded',
      credits: 1,
      options: {},
      outputs: [{ key, mediaType: 'image/png', width: 800, height: 600 }],
      engine: 'recraft',
    });
    const res = await rt.request(
      '/api/artworks',
      as(user, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ runId: id, outputIndex: 0, prompt, toolType: 'image-generation', isPublic }),
      }),
    );
    expect(res.status).toBe(201);
    return ((await res.json()) as ArtworkResponse).artwork;
  }

  beforeAll(async () => {
    if (!webBuild) throw new Error('The web app is not built: run `npm run build` first.');
    rt = await createTestRuntime(kind, { WEB_DIST_DIR: path.dirname(webBuild.clientDir), PUBLIC_URL });
    ada = await signUpTestUser(rt, { email: 'ada.lovelace@example.com' });
    shared = await saveArtwork(ada, true, 'A lighthouse at dawn <in oils>');
    hidden = await saveArtwork(ada, false, 'a private sketch');
  });
  afterAll(async () => {
    await rt?.close();
  });

  it.each(PUBLIC_PAGES)(
    '%s carries its text in the language of the cookie, else of Accept-Language',
    async (pathname, en, ja) => {
      const english = await html(pathname, { 'accept-language': 'en-US,en;q=0.9' });
      expect(english.status).toBe(pathname === '/no/such/page' ? 404 : 200);
      expect(english.text).toContain('<html lang="en" data-server-language="">');
      expect(english.text).toContain(en);
      expect(english.res.headers.get('vary')).toContain('Accept-Language');

      const byBrowser = await html(pathname, { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' });
      expect(byBrowser.text).toContain('<html lang="ja" data-server-language="">');
      expect(byBrowser.text).toContain(ja);
      expect(byBrowser.text).not.toContain(en);

      // The saved choice (its cookie) wins over the browser's languages.
      const byChoice = await html(pathname, { 'accept-language': 'en', cookie: 'language=ja' });
      expect(byChoice.text).toContain('<html lang="ja" data-server-language="">');
      expect(byChoice.text).toContain(ja);
    },
  );

  it('gives each page its own title, description, canonical link, Open Graph and Twitter tags', async () => {
    const { text } = await html('/pricing', { cookie: 'language=ja' });
    expect(text).toContain('<title>料金プラン — Atelier</title>');
    expect(text).not.toContain('content="shell"');
    expect(text).toMatch(/<meta name="description" content="Atelier のプラン：[^"]+"\/>/);
    expect(text).toContain(`<link rel="canonical" href="${PUBLIC_URL}/pricing"/>`);
    expect(text).toContain(`<meta property="og:url" content="${PUBLIC_URL}/pricing"/>`);
    expect(text).toContain('<meta property="og:title" content="料金プラン — Atelier"/>');
    expect(text).toContain('<meta property="og:locale" content="ja_JP"/>');
    expect(text).toContain('<meta property="og:type" content="website"/>');
    // Atelier's card is the picture of a page without one of its own, with its size and alt text.
    expect(text).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(text).toContain(`<meta property="og:image" content="${PUBLIC_URL}/share-card.jpg"/>`);
    expect(text).toContain('<meta property="og:image:width" content="1200"/>');
    expect(text).toContain('<meta property="og:image:height" content="630"/>');
    expect(text).toContain('<meta property="og:image:alt" content="Atelier のロゴと 4 枚のサンプル写真"/>');
    const home = (await html('/', { 'accept-language': 'zh-TW' })).text;
    expect(home).toContain('<title>Atelier — 為創作者與設計師打造的 AI 圖像工具</title>');
    expect(home).toContain('<meta property="og:locale" content="zh_TW"/>');
  });

  it("answers /admin with the 404 page to anyone but an admin, with none of the console's code; an admin gets the console", async () => {
    for (const [pathname, headers] of [
      ['/admin', {}],
      ['/admin/audit', { cookie: ada.cookie }],
    ] as const) {
      const { status, text } = await html(pathname, headers);
      expect(status).toBe(404);
      expect(text).toContain('Page not found');
      expect(text).not.toMatch(/admin-layout|admin-users-page/);
    }
    const boss = await signUpTestAdmin(rt);
    const { status, text } = await html('/admin', { cookie: boss.cookie });
    expect(status).toBe(200);
    expect(text).toContain('Admin console');
    expect(text).not.toContain('Page not found');
  });

  it("preloads the page's route module and what it imports, and gives every script the response's nonce", async () => {
    const first = await html('/pricing', { cookie: 'language=ja' });
    expect(first.text).toMatch(/<link rel="modulepreload" href="\/assets\/pricing-[^"]+\.js"/);
    const nonce = /'nonce-([^']+)'/.exec(first.res.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...first.text.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    const executable = scripts.filter((attributes) => !/type="application\/(ld\+)?json"/.test(attributes));
    expect(executable.length).toBeGreaterThan(1);
    for (const attributes of executable) expect(attributes).toContain(`nonce="${nonce}"`);
    // No script waits in a template (React's own templates only mark where streamed parts go).
    for (const [, content] of first.text.matchAll(/<template[^>]*>(.*?)<\/template>/gs)) {
      expect(content).not.toMatch(/<script|modulepreload/);
    }
    const second = await html('/pricing', { cookie: 'language=ja' });
    expect(second.res.headers.get('content-security-policy')).not.toContain(nonce);
  });

  it('embeds the data the page was rendered with, so the browser does not ask again', async () => {
    const { text } = await html('/pricing', { cookie: 'language=ja' });
    const data = routerData(text);
    expect(data).toContain(queryHash(['session']));
    expect(data).toContain(queryHash(['billing', 'plans', 'ja']));
    // The plans are in the markup already, prices and feature lists included.
    expect(text).toMatch(/<h2 id="plan-pro"[^>]*>プロ<\/h2>/);
    expect(text).toMatch(/data-testid="price-pro"[^>]*><span class="[^"]*">[^<]+<\/span>/);
    expect(text).toMatch(/<ul class="mt-6 space-y-2[^"]*"><li/);

    const gallery = (await html('/gallery')).text;
    // The prompt's text is escaped: no markup of its own.
    expect(gallery).toContain('A lighthouse at dawn &lt;in oils&gt;');
    expect(gallery).not.toContain('<in oils>');
    expect(gallery).not.toContain('a private sketch');
    // No text can close the script carrying the data early.
    expect(gallery).toContain('A lighthouse at dawn \\u003cin oils\\u003e');
  });

  it('renders a public artwork with its image, prompt, author, likes, tool and og:image', async () => {
    const { status, text } = await html(`/gallery/${shared.id}`, { cookie: 'language=en' });
    expect(status).toBe(200);
    expect(text).toContain('A lighthouse at dawn &lt;in oils&gt;');
    expect(text).toContain('by ada.lovelace');
    expect(text).toContain('0 likes');
    expect(text).toContain('Image Generation');
    // The largest paint: fetched first, its size known before it loads (HTML attributes ignore case).
    const image = /<img [^>]*original\.png[^>]*>/i.exec(text)?.[0] ?? '';
    expect(image).toMatch(/fetchpriority="high"/i);
    expect(image).toContain('width="800" height="600"');
    expect(text).toMatch(/<link rel="preload" as="image"[^>]*fetchpriority="high"/i);
    // Its share image (a JPEG every preview shows), answered by the server at the size named.
    const shareImage = `/files/artworks/${shared.id}/share.jpg`;
    expect(text).toContain(`<meta property="og:image" content="${PUBLIC_URL}${shareImage}"/>`);
    expect(text).toContain('<meta property="og:image:width" content="1200"/>');
    expect(text).toContain('<meta property="og:image:height" content="630"/>');
    expect(text).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    const picture = await rt.request(shareImage);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).toMatchObject({
      width: 1200,
      height: 630,
    });
    expect(text).toContain('<meta property="og:type" content="article"/>');
    expect(text).toContain(`<link rel="canonical" href="${PUBLIC_URL}/gallery/${shared.id}"/>`);
    expect(text).toMatch(/<title>A lighthouse at dawn &lt;in oils&gt; by ada\.lovelace — Atelier<\/title>/);
    // Described as data for image search (schema.org ImageObject); its `<` cannot close the element.
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(text)?.[1];
    expect(jsonLd).toContain('\\u003cin oils>');
    expect(JSON.parse(jsonLd!)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ImageObject',
      url: `${PUBLIC_URL}/gallery/${shared.id}`,
      contentUrl: `${PUBLIC_URL}${shared.imageUrl}`,
      caption: 'A lighthouse at dawn <in oils>',
      creator: { '@type': 'Person', name: 'ada.lovelace' },
      datePublished: shared.createdAt,
      width: 800,
      height: 600,
    });
  });

  it('answers 404 with the 404 page for a private, unknown or malformed artwork and an unknown path', async () => {
    for (const pathname of [
      `/gallery/${hidden.id}`,
      `/gallery/${randomUUID()}`,
      '/gallery/not-an-id',
      '/no/such/page',
    ]) {
      const { status, text } = await html(pathname, { cookie: 'language=ja' });
      expect(status, pathname).toBe(404);
      expect(text, pathname).toContain('ページが見つかりません');
      expect(text, pathname).not.toContain('og:image');
    }
    // Even to its owner: a private artwork has no public page.
    const own = await page(`/gallery/${hidden.id}`, { cookie: ada.cookie });
    expect(own.status).toBe(404);
  });

  it("renders the footer and the home page's tool cards whole", async () => {
    const { text } = await html('/', { 'accept-language': 'en' });
    expect(text).toMatch(/<footer[^>]*><div[^>]*>/);
    expect(text).toMatch(/<a [^>]*href="\/third-party-licenses\.txt"/);
    expect(text.match(/<article /g)?.length).toBeGreaterThanOrEqual(11);
  });

  it('sends a phone the gallery layouts of phone widths, anyone else all five', async () => {
    const layouts = (text: string) => text.match(/<section aria-label="[^"]*" class="flex items-start gap-4/g)?.length;
    const phone = await html('/gallery', { 'sec-ch-ua-mobile': '?1' });
    expect(layouts(phone.text)).toBe(3);
    expect(phone.res.headers.get('vary')).toContain('Sec-CH-UA-Mobile');
    expect(layouts((await html('/gallery', { 'sec-ch-ua-mobile': '?0' })).text)).toBe(5);
    expect(layouts((await html('/gallery')).text)).toBe(5);
  });

  it('serves signed-in pages in the visitor language for the browser to fill (a tool page rendered), and renders the header as signed in', async () => {
    const shell = await html('/profile', { 'accept-language': 'ja' });
    expect(shell.status).toBe(200);
    expect(shell.text).toContain('<html lang="ja" data-server-language="">');
    // The layout, and the page's place for the browser to fill, with the session (none here).
    expect(shell.text).toContain('<footer');
    expect(routerData(shell.text)).toContain(queryHash(['session']));
    // Its route module loads as the HTML parses, not after the app has started.
    expect(shell.text).toMatch(/<link rel="modulepreload" href="\/assets\/profile-[^"]+\.js"/);

    // A tool page is rendered for a signed-in user, in their language, titled by its tool and
    // kept from indexing, with the session, the tool catalogue and the balance it was rendered with.
    const tool = await html('/tools/image-generation', { cookie: ada.cookie, 'accept-language': 'ja' });
    expect(tool.status).toBe(200);
    expect(tool.text).toMatch(/<h1[^>]*>画像生成<\/h1>/);
    expect(tool.text).toContain('<title>画像生成 — Atelier</title>');
    expect(tool.text).toContain('<meta name="robots" content="noindex"/>');
    expect(tool.text).toContain('ada.lovelace@example.com');
    expect(routerData(tool.text)).toContain(queryHash(['tool-catalogue']));
    expect(routerData(tool.text)).toContain(queryHash(['profile']));
    // A visitor is not shown the page: the browser sends them to sign in.
    const toolForVisitor = await html('/tools/image-generation');
    expect(toolForVisitor.text).not.toContain('<h1');

    const home = await html('/', { cookie: ada.cookie });
    expect(home.text).toContain('ada.lovelace@example.com');
    // /login is for visitors: a signed-in user goes home, as in the browser.
    const login = await page('/login', { cookie: ada.cookie });
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/');
  });
});
