import { type ComponentProps, lazy, Suspense } from 'react';
import type { ContinueWithMenu } from './continue-with-menu.tsx';

const Menu = lazy(() => import('./continue-with-menu.tsx'));

/**
 * "Continue with…" where it shows only with a result (a tile of the grid, a batch tile): its
 * menu's code (Radix's dropdown) loads then, not with the tool page. Its trigger is placed over
 * the tile, so arriving a moment later moves nothing.
 */
export function LazyContinueWithMenu(props: ComponentProps<typeof ContinueWithMenu>) {
  return (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  );
}

/** Fetches the menu's code ahead (a run has started: its result will show the menu). */
export const preloadContinueWithMenu = () => void import('./continue-with-menu.tsx');
