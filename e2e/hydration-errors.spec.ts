import { LANGUAGES } from '@atelier/contracts';
import { expect, type Page, test } from '@playwright/test';
import { signUpViaApi } from './support/accounts.ts';
import { collectProblems, expectHydratedByReact } from './support/hydrated.ts';
import { PUBLIC_PAGES } from './support/public-pages.ts';

// Every server-rendered page is hydrated by React DOM itself without a hydration error (ADR
// 0030), in every language, for a visitor and signed in. React reports what it could not
// hydrate (the server's HTML differed: a mismatched text, attribute or element) through
// onRecoverableError, which the app logs as a console error, and then renders that part
// again; a mismatch it only warns about in development is a console error too. Any console
// error or warning, or uncaught error, fails the page.

/** Loads `path` as a fresh document and waits for React to have hydrated it all. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  expect(response?.status(), path).toBe(path === '/no/such/page' ? 404 : 200);
  // Server-rendered: the page's text is in the first response, not rendered by the browser.
  expect(await response!.text(), path).toMatch(/<div id="root"><[a-z]/);
  await expectHydratedByReact(page);
}

for (const language of LANGUAGES) {
  test(`every server-rendered page hydrates without a React hydration error in ${language}, for a visitor`, async ({
    page,
    context,
    baseURL,
  }) => {
    // A dozen pages, each hydrated to the last element: more than the default minute.
    test.slow();
    await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
    const problems = collectProblems(page);
    for (const [path] of PUBLIC_PAGES) await visit(page, path);
    expect(problems).toEqual([]);
  });

  test(`every server-rendered page hydrates without a React hydration error in ${language}, signed in`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow();
    await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
    await page.goto('/');
    await signUpViaApi(page);
    const problems = collectProblems(page);
    // The sign-in page sends a signed-in visitor home; a tool page is rendered on the server
    // for a signed-in visitor (ADR 0025).
    const paths = [
      ...PUBLIC_PAGES.map(([path]) => path).filter((path) => path !== '/login'),
      '/tools/image-generation',
    ];
    for (const path of paths) await visit(page, path);
    expect(problems).toEqual([]);
  });
}
