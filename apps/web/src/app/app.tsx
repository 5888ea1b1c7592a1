import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router.tsx';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1 } },
});

export function App({ router }: { router: Awaited<ReturnType<typeof createAppRouter>> }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
