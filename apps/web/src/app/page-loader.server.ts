import { data, type LoaderFunctionArgs } from 'react-router';
import { PAGE_NOT_FOUND, type PageRoute } from './page-route.ts';
import { pageHandle } from './route-page.tsx';
import { prefetchOnServer } from './server-queries.server.ts';
import { isShellQuery } from './shell-queries.ts';
import { textTableUrls } from './text-tables.server.ts';

/**
 * A page's server loader: its prefetches as the visitor; the answers (the layout's aside) go
 * to the page's HydrationBoundary, a status the page answers (404) is the document's, and its
 * text tables are preloaded.
 */
export function pageLoader(route: PageRoute) {
  return async ({ context, params, request }: LoaderFunctionArgs) => {
    const { queries, result } = await prefetchOnServer(
      context,
      async (client) => route.prefetch?.(client, { params, url: new URL(request.url), language: context.language }),
      (query) => !isShellQuery(query),
    );
    const textTables = textTableUrls(context.language, pageHandle(route).namespaces);
    return data({ queries, textTables }, { status: result === PAGE_NOT_FOUND ? 404 : 200 });
  };
}
