import { type ComponentType, createElement, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { loadNamespaces } from '../lib/i18n.ts';
import type { SeoPage } from './seo/seo-pages.ts';

type PageModule = { default: ComponentType };

/**
 * Every page module, each its own chunk. Pages are named by their path below features/ (not
 * by an import() of their own) so that the route table also knows each page's key in Vite's
 * manifest: the server preloads the chunks of the page it renders (ADR 0016).
 */
const pageModules = import.meta.glob<PageModule>(['../features/**/*-page.tsx', '../features/admin/admin-layout.tsx']);

/** What a route says about its page; read by the server renderer through the route matches. */
export interface PageHandle {
  /** The page's source file as Vite's manifest names it (src/features/…). */
  module: string;
  namespaces: readonly string[];
  /** Public pages are rendered on the server, with this page's title and description. */
  seo?: SeoPage;
  /** The page writes its head itself (usePageHead with its own): the layout leaves it. */
  ownHead?: boolean;
}

function pageModule(page: string) {
  const load = pageModules[`../features/${page}.tsx`];
  if (!load) throw new Error(`No page module features/${page}.tsx`);
  return load;
}

/**
 * A code-split route: the page's chunk and the text tables it names load together, before
 * the router shows it, so the page appears without a second spinner for its text.
 * `page` is its file below features/ without the extension: 'pricing/pricing-page'.
 * The page is a Suspense boundary of its own: over the server's HTML React hydrates it as a
 * unit apart from the layout around it, first if it is pressed first (selective hydration).
 */
export function lazyPage(
  page: string,
  namespaces: readonly string[] = [],
  seo?: SeoPage,
  options: { ownHead?: boolean } = {},
): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = pageModule(page);
  const handle: PageHandle = { module: `src/features/${page}.tsx`, namespaces, ...(seo ? { seo } : {}), ...options };
  return {
    handle,
    lazy: async () => {
      const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
      return { element: createElement(Suspense, { fallback: null }, createElement(module.default)) };
    },
  };
}

/**
 * A code-split route whose chunk and text tables load when it renders, not when its path
 * matches: the router loads a matched route's `lazy` at once, whoever asks. The admin console's
 * pages are of this kind, behind RequireAdmin (which renders them only on the server's word), so
 * a non-admin's browser never fetches a line of them. Rendered inside a Suspense boundary.
 */
export function pageLoadedOnRender(
  page: string,
  namespaces: readonly string[] = [],
): Pick<RouteObject, 'Component' | 'handle'> {
  const load = pageModule(page);
  return {
    handle: { module: `src/features/${page}.tsx`, namespaces } satisfies PageHandle,
    Component: lazy(async () => (await Promise.all([load(), loadNamespaces(namespaces)]))[0]),
  };
}
