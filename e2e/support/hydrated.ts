import { expect, type Page } from '@playwright/test';

/**
 * Waits until React has hydrated the whole page: React DOM marks its root container (the
 * document, which React Router hydrates whole) and every element it has hydrated with its own
 * keys (`__reactContainer$…`, `__reactFiber$…`); an element of #root (the page inside <body>)
 * left without one is server HTML React has not reached yet.
 */
export async function expectHydratedByReact(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const root = document.getElementById('root')!;
          const marked = (node: Element | Document, prefix: string) =>
            Object.keys(node).some((key) => key.startsWith(prefix));
          if (!marked(document, '__reactContainer$')) return 'the document is not a React root';
          const waiting = Array.from(root.querySelectorAll('*')).filter((element) => !marked(element, '__reactFiber$'));
          return waiting.length === 0 ? 'hydrated' : `${waiting.length} elements not hydrated`;
        }),
      { timeout: 15_000 },
    )
    .toBe('hydrated');
}

/**
 * Errors and warnings the page reports, as they come: React's hydration errors arrive as
 * console errors (onRecoverableError, main.tsx) or uncaught errors. The 404 page's own status
 * is not one.
 */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // The 404 page's own document answers 404 on purpose; any other resource that does is a problem
    // (e.g. a request the page should not make, such as probing /api/admin for a non-admin).
    const notFound = /Failed to load resource: the server responded with a status of 404/.test(message.text());
    if (notFound && message.location().url === page.url()) return;
    problems.push(`${page.url()} ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()} pageerror: ${error.message}`));
  return problems;
}

/**
 * How many requests of the page are in flight: a page is done with what it asked for at
 * hydration once this is 0, without waiting out the half-second of silence `networkidle` is.
 */
export function requestsInFlight(page: Page): () => number {
  const pending = new Set<object>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return () => pending.size;
}
