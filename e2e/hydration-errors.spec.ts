import { LANGUAGES, type Language, TOOLS } from '@atelier/contracts';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts.ts';
import { saveEditedPhoto } from './support/artworks.ts';
import { collectProblems, expectHydratedByReact, requestsInFlight } from './support/hydrated.ts';
import { PUBLIC_PAGES } from './support/public-pages.ts';
import { VIEWPORTS } from './support/viewports.ts';

// Every server-rendered page is hydrated by React DOM itself (ADR 0030), in every language, for
// a visitor and signed in, on a laptop and on a phone:
// - without a hydration error: React reports what it could not hydrate (the server's HTML
//   differed: a mismatched text, attribute or element) through onRecoverableError, which the
//   app logs as a console error, and then renders that part again; a mismatch it only warns
//   about in development is a console error too. Any console error or warning, or uncaught
//   error, fails the page;
// - hydrated, not rendered again: the server's heading, main and footer, as the HTML parser
//   made them before any script ran, are the very nodes of the hydrated page;
// - with the text the visitor read first: what #root reads once hydrated is what it read in
//   the server's HTML.

/** What the capture below keeps of the server's HTML, on the page's window. */
type ServerCapture = { serverText: string; serverNodes: (Element | null)[]; serverCards: Set<Element> };

/** The server's nodes that must survive hydration (a page without a <main> has null there, twice). */
const KEPT = ['h1', 'main', 'footer'];

/** Runs in the page as the HTML parser ends, before any script: the server's text and nodes. */
function captureServerPage(kept: string[]) {
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const root = document.getElementById('root')!;
    const server = window as unknown as ServerCapture;
    // biome-ignore lint/performance/useDomNodeTextContent: as read, layouts hidden by CSS left out
    server.serverText = root.innerText;
    server.serverNodes = kept.map((selector) => root.querySelector(selector));
    server.serverCards = new Set(Array.from(root.querySelectorAll('article')));
  });
}

/**
 * Loads `path` as a fresh document, waits for React to have hydrated it all and for the
 * requests it made meanwhile to end (a problem in one is reported by then), and checks it.
 */
async function visit(page: Page, path: string, inFlight: () => number) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(path === '/no/such/page' ? 404 : 200);
  // Server-rendered: the page's text is in the first response, not rendered by the browser.
  expect(await response!.text(), path).toMatch(/<div id="root"><[a-z]/);
  await expectHydratedByReact(page);
  await expect.poll(inFlight, { message: `${path}: requests still in flight` }).toBe(0);
  const { kept, serverText, hydratedText } = await page.evaluate((selectors) => {
    const root = document.getElementById('root')!;
    const { serverText, serverNodes, serverCards } = window as unknown as ServerCapture;
    const kept = serverNodes.map(
      (node, i) => node === root.querySelector(selectors[i]!) && node?.isConnected !== false,
    );
    // The gallery adds the rest of its first page below the rows the server sent, once
    // hydrated: those cards are left out of the text; the server's are kept (the same nodes).
    const added = Array.from(root.querySelectorAll<HTMLElement>('article')).filter((card) => !serverCards.has(card));
    for (const card of added) card.style.display = 'none';
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (see above)
    const hydratedText = root.innerText;
    for (const card of added) card.style.display = '';
    return { kept, serverText, hydratedText };
  }, KEPT);
  expect(serverText, `${path}: the server sent text`).not.toBe('');
  expect(kept, `${path}: the server's ${KEPT.join(', ')} are the hydrated ones`).toEqual(KEPT.map(() => true));
  expect(hydratedText, `${path}: the text once hydrated is the server's`).toBe(serverText);
}

/** A public artwork of another account, for its own page (a run of a real engine, saved public). */
async function publicArtwork(browser: Browser, baseURL: string) {
  const owner = await browser.newPage();
  await owner.goto('/');
  await signUpViaApi(owner);
  const id = await saveEditedPhoto(owner, baseURL, `kept through hydration ${Date.now()}`, true);
  await owner.close();
  return `/gallery/${id}`;
}

/** Where each language is looked at: English on both screens, the others on one each. */
const VISITOR_SCREENS: [Language, keyof typeof VIEWPORTS][] = [
  ['en', 'laptop'],
  ['en', 'phone'],
  ['zh-TW', 'laptop'],
  ['zh-CN', 'phone'],
  ['ja', 'laptop'],
];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(captureServerPage, KEPT);
});

for (const [language, screen] of VISITOR_SCREENS) {
  test(`every server-rendered page hydrates as the server sent it in ${language} on a ${screen}, for a visitor`, async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    // A dozen pages, each hydrated to the last element: more than the default minute.
    test.slow();
    await page.setViewportSize(VIEWPORTS[screen]);
    await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
    const paths = PUBLIC_PAGES.map(([path]) => path);
    // An artwork's page once, in a language whose dates and words differ most from English.
    if (language === 'ja') paths.push(await publicArtwork(browser, baseURL!));
    const problems = collectProblems(page);
    const inFlight = requestsInFlight(page);
    for (const path of paths) await visit(page, path, inFlight);
    expect(problems).toEqual([]);
  });
}

for (const language of LANGUAGES) {
  test(`every server-rendered page hydrates as the server sent it in ${language}, signed in`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow();
    await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
    await page.goto('/');
    await signUpViaApi(page);
    // The sign-in page sends a signed-in visitor home; a tool page is rendered on the server
    // for a signed-in visitor (ADR 0025): all eleven in English, one in each other language.
    const toolPages = (language === 'en' ? TOOLS : TOOLS.slice(0, 1)).map((tool) => `/tools/${tool.id}`);
    const paths = [...PUBLIC_PAGES.map(([path]) => path).filter((path) => path !== '/login'), ...toolPages];
    const problems = collectProblems(page);
    const inFlight = requestsInFlight(page);
    for (const path of paths) await visit(page, path, inFlight);
    expect(problems).toEqual([]);
  });
}
