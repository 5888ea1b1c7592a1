import { useSyncExternalStore } from 'react';
import { COLUMN_BREAKPOINTS, columnCountFor } from './masonry.ts';

const queries = () => COLUMN_BREAKPOINTS.map((min) => window.matchMedia(`(min-width: ${min}px)`));

function subscribe(onChange: () => void): () => void {
  const lists = queries();
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/** The masonry's column count for the current viewport; re-renders only when a breakpoint is crossed. */
export function useColumnCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => columnCountFor(window.innerWidth),
    () => 1,
  );
}
