// The server renderer (ADR 0016): built by `vite build --ssr` into dist-ssr/entry-server.js and
// called by the API server (apps/server/src/platform/http/ssr) for public pages. It renders the
// same route table and components as the browser, in the visitor's language, with the API
// answers the page needs fetched ahead and handed over for hydration.
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import type { Language } from '@atelier/contracts';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { hydrationStateElement } from './app/hydration-state.ts';
import type { PageHandle } from './app/lazy-page.ts';
import { artworkStructuredData, pageMeta, toolPageMeta } from './app/page-meta.ts';
import { type RenderHints, RenderHintsContext } from './app/render-hints.ts';
import { ADMIN_PATH, adminQuery } from './app/require-admin.tsx';
import { routes } from './app/router.tsx';
import { publicPageHead, renderJsonLd, renderPageHead, signedInPageHead } from './app/seo/head-tags.ts';
import { type SeoPage, staticPageMeta } from './app/seo/seo-pages.ts';
import { authProvidersQuery } from './features/auth/apple-sign-in-button.tsx';
import { type SessionUser, sessionQuery } from './features/auth/use-session.ts';
import { artworkFeedQuery, publicArtworkQuery } from './features/gallery/use-artworks.ts';
import { meQuery } from './features/profile/profile-api.ts';
import { toolCatalogueQuery } from './features/tools/api/use-tool-catalogue.ts';
import { setApiTransport } from './lib/api-client.ts';
import { plansQuery, subscriptionQuery } from './lib/billing-api.ts';
import { SHELL_NAMESPACES } from './lib/i18n.ts';
import { createServerI18n } from './lib/i18n-server.ts';
import { redirectTargetOf } from './lib/redirect-target.ts';
import { toolForPath } from './lib/tool-href.ts';

export interface RenderRequest {
  /** The page's absolute URL. */
  url: string;
  language: Language;
  /** PUBLIC_URL: canonical and Open Graph URLs are made absolute with it. */
  publicUrl: string;
  /** The browser said it is a phone (`Sec-CH-UA-Mobile: ?1`). */
  mobile: boolean;
  /** Answers an API request in-process, as the visitor (with their cookies). */
  api: (request: Request) => Promise<Response>;
}

export type RenderResult =
  /**
   * Not a public page: the browser renders it (the server sends the shell), with the page's
   * modules and text tables preloaded and the session in the data block, so its first render
   * waits for no request.
   */
  | { kind: 'shell'; modules: string[]; state: string }
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      status: 200 | 404;
      /** The markup inside #root. */
      html: string;
      /** Title, description, canonical, Open Graph and Twitter tags. */
      head: string;
      /** The hydration data block (hydration-state.ts). */
      state: string;
      /** The page's modules and text tables as Vite's manifest names them, to preload. */
      modules: string[];
    };

// API calls of a render go to that render's visitor: the client module is shared, the
// transport is looked up per call.
const currentApi = new AsyncLocalStorage<RenderRequest['api']>();
setApiTransport((request) => {
  const api = currentApi.getStore();
  if (!api) throw new Error('An API call outside a server render');
  return api(request);
});

/** The public page a path shows, or undefined for a page the browser renders alone. */
function publicPageOf(matches: ReturnType<typeof matchRoutes>) {
  const leaf = matches?.at(-1);
  const handle = leaf?.route.handle as PageHandle | undefined;
  return handle?.seo ? { page: handle.seo, params: leaf!.params } : undefined;
}

/** The API answers a page is rendered with; what it leaves out renders as loading, both sides. */
async function prefetch(
  client: QueryClient,
  page: SeoPage,
  params: Record<string, string | undefined>,
  language: Language,
) {
  // The header's AI Tools menu marks the tools the demo engine serves here, on every page.
  const [user] = await Promise.all([client.fetchQuery(sessionQuery), client.prefetchQuery(toolCatalogueQuery)]);
  await Promise.all([prefetchBalance(client, user), prefetchPage(client, page, params, language, user)]);
}

/** The top bar shows a signed-in user's credit balance, on every page. */
function prefetchBalance(client: QueryClient, user: SessionUser | null) {
  return user ? client.prefetchQuery(meQuery) : undefined;
}

async function prefetchPage(
  client: QueryClient,
  page: SeoPage,
  params: Record<string, string | undefined>,
  language: Language,
  user: SessionUser | null,
) {
  switch (page) {
    case 'gallery':
      return client.prefetchInfiniteQuery(artworkFeedQuery('public', user?.id ?? null));
    case 'pricing':
      await Promise.all([client.prefetchQuery(plansQuery(language)), user && client.prefetchQuery(subscriptionQuery)]);
      return;
    case 'login':
      return client.prefetchQuery(authProvidersQuery);
    case 'artwork':
      return client.prefetchQuery(publicArtworkQuery(params.id ?? ''));
    default:
      return;
  }
}

/**
 * Renders to a string once everything has loaded, lazy parts included (React DOM's
 * `onAllReady`): the HTML is then whole, each Suspense boundary already complete, so React
 * writes no inline script to fill one in later (the page's policy allows none but its own
 * hashed ones). A part that fails rejects the whole render, and the server sends the shell
 * instead, which the browser renders.
 */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(element, {
      // Every boundary inline, however large: one a chunk apart is moved in place by a script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError(error) {
        failed = true;
        reject(error);
        abort();
      },
      onAllReady() {
        if (failed) return;
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        sink.on('error', reject);
        pipe(sink);
      },
    });
  });
}

/** A tool's page (every tool path shows it): its shell carries the tool catalogue and credits. */
const TOOL_PAGE_MODULE = 'src/features/tools/tool-page.tsx';

/** The modules of the matched routes' pages and their text tables, as Vite's manifest names them. */
function routeModules(matches: ReturnType<typeof matchRoutes>, language: Language): string[] {
  const handles = (matches ?? []).flatMap((match) => (match.route.handle as PageHandle | undefined) ?? []);
  const namespaces = new Set([...SHELL_NAMESPACES, ...handles.flatMap((handle) => handle.namespaces)]);
  return [
    ...handles.map((handle) => handle.module),
    ...[...namespaces].map((namespace) => `src/locales/${language}/${namespace}.json`),
  ];
}

/** A path no route has: it shows the 404 page (the catch-all route). */
const UNROUTED_PATH = '/404';

/**
 * React DOM's own preloads (an image marked `fetchPriority="high"`: the artwork page's picture,
 * the gallery's first row), which it writes before the markup when it renders no <head>.
 */
const LEADING_PRELOADS = /^((?:<link [^>]*\/>)*)/;

/**
 * The page at `url`, rendered with the answers already in `queryClient`: its markup, and
 * React's preloads for the head, where they start the fetches as early as they can.
 */
async function renderPage(
  url: URL,
  queryClient: QueryClient,
  i18n: i18n,
  hints: RenderHints,
): Promise<{ html: string; preloads: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`The route table answered ${context.status} for ${url.pathname}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const rendered = await renderToHtml(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RenderHintsContext.Provider value={hints}>
          <QueryClientProvider client={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </QueryClientProvider>
        </RenderHintsContext.Provider>
      </I18nextProvider>
    </StrictMode>,
  );
  const preloads = LEADING_PRELOADS.exec(rendered)![1]!;
  return { html: rendered.slice(preloads.length), preloads };
}

export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url);
  const matches = matchRoutes(routes, url.pathname);
  const found = publicPageOf(matches);
  const { language } = request;
  const modules = routeModules(matches, language);
  const hints: RenderHints = { mobile: request.mobile };

  return currentApi.run(request.api, async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const state = () =>
      hydrationStateElement({ language, publicUrl: request.publicUrl, hints, queries: dehydrate(queryClient) });
    if (!found) {
      const user = await queryClient.fetchQuery(sessionQuery).catch(() => null);
      if (matches?.some((match) => match.route.path === ADMIN_PATH)) {
        // The console is only an admin's (the browser renders it, its code preloaded). Anyone
        // else gets the 404 page, status and markup, and no line of the console's code: the
        // same page the browser shows them, from the same answer of the server.
        const access = user ? await queryClient.fetchQuery(adminQuery(user.id)) : 'none';
        if (access !== 'none') return { kind: 'shell', modules, state: state() };
        await prefetchBalance(queryClient, user);
        const i18n = createServerI18n(language);
        const { html, preloads } = await renderPage(url, queryClient, i18n, hints);
        return {
          kind: 'page',
          status: 404,
          html,
          head: `${renderPageHead(
            publicPageHead(staticPageMeta(i18n.t, 'notFound', url.pathname), language, request.publicUrl),
          )}${preloads}`,
          state: state(),
          modules: routeModules(matchRoutes(routes, UNROUTED_PATH), language),
        };
      }
      // A visitor is sent to sign in by the browser; other signed-in pages render there, with
      // the balance of the top bar (and the profile page) already in the data block.
      if (!user) return { kind: 'shell', modules, state: state() };
      if (!modules.includes(TOOL_PAGE_MODULE)) {
        await prefetchBalance(queryClient, user);
        return { kind: 'shell', modules, state: state() };
      }
      // A tool page, signed in: rendered here with what it waits for, the catalogue and credits,
      // and the plan, whose locks (batches, advanced options) are in the HTML as in the browser.
      await Promise.all([queryClient.prefetchQuery(toolCatalogueQuery), queryClient.prefetchQuery(meQuery)]);
      const i18n = createServerI18n(language);
      const { html, preloads } = await renderPage(url, queryClient, i18n, hints);
      const tool = toolForPath(url.pathname);
      const head = `${renderPageHead(
        signedInPageHead(tool ? toolPageMeta(i18n.t, tool.id) : staticPageMeta(i18n.t, 'home', url.pathname)),
      )}${preloads}`;
      return { kind: 'page', status: 200, html, head, state: state(), modules };
    }
    await prefetch(queryClient, found.page, found.params, language);
    const user = queryClient.getQueryData(sessionQuery.queryKey);
    // /login is for visitors (GuestOnly): a signed-in user goes where it asked to, else home, as in the browser.
    if (found.page === 'login' && user) return { kind: 'redirect', location: redirectTargetOf(url.searchParams) };
    const artwork =
      found.page === 'artwork'
        ? queryClient.getQueryData(publicArtworkQuery(found.params.id ?? '').queryKey)
        : undefined;
    const status = found.page === 'notFound' || artwork === null ? 404 : 200;

    const i18n: i18n = createServerI18n(language);
    const { html, preloads } = await renderPage(url, queryClient, i18n, hints);
    const meta = pageMeta(i18n.t, found.page, url.pathname, artwork);
    // An artwork is also described as data (JSON-LD), for image search. (Its image, the page's
    // largest paint, React preloads: marked fetchPriority="high", with its srcset and sizes.)
    const artworkHead = artwork ? renderJsonLd(artworkStructuredData(meta, artwork, request.publicUrl)) : '';
    return {
      kind: 'page',
      status,
      html,
      head: `${renderPageHead(publicPageHead(meta, language, request.publicUrl))}\n    ${preloads}${artworkHead}`,
      state: state(),
      modules,
    };
  });
}
