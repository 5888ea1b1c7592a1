import { type ComponentProps, lazy, Suspense } from 'react';
import type { ResultActions as ResultActionsPart } from './result-actions.tsx';

const ResultActions = lazy(() => import('./result-actions.tsx'));

/** What a result offers (download, copy, save, Continue with…): its code loads with the first run. */
export function LazyResultActions(props: ComponentProps<typeof ResultActionsPart>) {
  return (
    <Suspense fallback={null}>
      <ResultActions {...props} />
    </Suspense>
  );
}

/** Fetches the actions' code ahead (a run has started: its result will show them). */
export const preloadResultActions = () => void import('./result-actions.tsx');
