import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { type RenderHints, RenderHintsContext } from './render-hints.ts';
import type { createAppRouter } from './router.tsx';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1 } },
});

export function App({
  router,
  hints,
}: {
  router: Awaited<ReturnType<typeof createAppRouter>>;
  /** Over a server-rendered page: the hints it was rendered with. */
  hints?: RenderHints;
}) {
  const app = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  return hints ? <RenderHintsContext.Provider value={hints}>{app}</RenderHintsContext.Provider> : app;
}
