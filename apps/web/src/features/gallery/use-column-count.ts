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

/**
 * The masonry's column count for the current viewport; re-renders only when a breakpoint is
 * crossed. Null where the viewport is not known: on the server, and until the browser has
 * hydrated what the server sent (which must be rendered alike), the whole page of it.
 */
export function useColumnCount(): number | null {
  // While hydrating React reads the server's snapshot, then renders again with the browser's.
  return useSyncExternalStore(
    subscribe,
    () => columnCountFor(window.innerWidth),
    () => null,
  );
}
