import { QueryClient } from '@tanstack/react-query';

/** The browser's one QueryClient: client state, mutations, and what the loaders prefetch. */
export const browserQueryClient = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });

/** The page's client: the browser's own, or a fresh one per render on the server. */
export const newServerQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
