import type { Language } from '@atelier/contracts';
import { HydrationBoundary } from '@tanstack/react-query';
import { type ComponentType, Suspense } from 'react';
import { type ClientLoaderFunctionArgs, useLoaderData } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { i18next, loadNamespaces } from '../lib/i18n.ts';
import type { PageRoute } from './page-route.ts';
import { preloadTextTables } from './preload-text-tables.ts';
import { browserQueryClient } from './query-client.ts';
import { SignedInPageHead, StaticPageHead } from './seo/page-head.tsx';

/** Every page's head texts come from the seo namespace. */
const HEAD_NAMESPACES = ['seo'] as const;

/** The text tables a page needs; entry.client.tsx loads the first page's before hydrating. */
export const pageHandle = (route: PageRoute) => ({ namespaces: [...HEAD_NAMESPACES, ...(route.namespaces ?? [])] });

/**
 * A page's loader in the browser, on a navigation: its text tables before it renders (no raw
 * keys), its data started, not awaited (the page shows its own loading state meanwhile).
 */
export function pageClientLoader(route: PageRoute) {
  return async ({ params, request }: ClientLoaderFunctionArgs) => {
    const url = new URL(request.url);
    void route
      .prefetch?.(browserQueryClient, { params, url, language: i18next.language as Language })
      ?.catch(() => undefined);
    await loadNamespaces(pageHandle(route).namespaces);
    return { queries: undefined };
  };
}

/**
 * The loader of a page the browser renders alone: run while hydrating too (the server sent
 * PageFallback in its place), so the page renders with the browser's session and text tables.
 */
export function clientPageLoader(route: PageRoute) {
  return Object.assign(pageClientLoader(route), { hydrate: true as const });
}

function Head({ route }: { route: PageRoute }) {
  if (route.ownHead) return null;
  return route.seo ? <StaticPageHead page={route.seo} /> : <SignedInPageHead />;
}

/**
 * A page as its route's component: its head, the answers its server loader fetched, and the
 * page itself in a Suspense boundary of its own, which React hydrates apart from the layout
 * around it, first if it is pressed first (selective hydration).
 */
export function routePage(Page: ComponentType, route: PageRoute): ComponentType {
  return function RoutePage() {
    const data = useLoaderData() as
      | { queries?: Parameters<typeof HydrationBoundary>[0]['state']; textTables?: string[] }
      | undefined;
    preloadTextTables(data?.textTables);
    return (
      <HydrationBoundary state={data?.queries}>
        <Head route={route} />
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </HydrationBoundary>
    );
  };
}

/**
 * What the server renders of a page the browser renders alone (signed-in pages, pages that
 * finish a flow with what only the browser has): the title and the spinner.
 */
export function PageFallback() {
  return (
    <>
      <SignedInPageHead />
      <PageSpinner />
    </>
  );
}
