import { AsyncLocalStorage } from 'node:async_hooks';
import { type DehydratedState, dehydrate, type Query, QueryClient } from '@tanstack/react-query';
import { setApiTransport } from '../lib/api-client.ts';
import type { PageContext } from './page-context.ts';

// A loader's API calls go to its visitor: the client module is shared by every request, the
// transport is looked up per call.
const currentApi = new AsyncLocalStorage<PageContext['api']>();
setApiTransport((request) => {
  const api = currentApi.getStore();
  if (!api) throw new Error('An API call outside a page request');
  return api(request);
});

/**
 * One QueryClient per page request, shared by its loaders (which React Router runs side by
 * side): the session the layout and the page both need is asked once.
 */
const requestClients = new WeakMap<PageContext, QueryClient>();

function requestClient(context: PageContext): QueryClient {
  let client = requestClients.get(context);
  if (!client) {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    requestClients.set(context, client);
  }
  return client;
}

/**
 * Runs a loader's prefetches as the visitor and answers the queries `mine` picks, dehydrated,
 * for the route's HydrationBoundary: the server renders with them and the browser hydrates
 * with the same answers, asking nothing again.
 */
export async function prefetchOnServer<T>(
  context: PageContext,
  prefetch: (client: QueryClient) => Promise<T>,
  mine: (query: Query) => boolean,
): Promise<{ queries: DehydratedState; result: T }> {
  const client = requestClient(context);
  const result = await currentApi.run(context.api, () => prefetch(client));
  return {
    queries: dehydrate(client, { shouldDehydrateQuery: (query) => mine(query) && query.state.status === 'success' }),
    result,
  };
}
