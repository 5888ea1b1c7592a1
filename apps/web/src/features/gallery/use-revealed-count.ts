import { GALLERY_SERVER_ROWS } from '@atelier/contracts';
import { useEffect, useState } from 'react';
import { yieldToMain } from '../../lib/hydration-slices.tsx';
import { useHydrating } from '../../lib/use-hydrating.ts';

/**
 * How many of a masonry's items to render. Over the server's HTML, which has the first
 * GALLERY_SERVER_ROWS rows of each layout, the rest are added after hydration a row per task,
 * below the fold; so are pages appended later. Building a whole page of cards at once was a
 * long task on a phone. A grid the browser renders itself shows every item at once.
 */
export function useRevealedCount(total: number, columns: number | null): number {
  const hydrating = useHydrating();
  const [fromServer] = useState(hydrating);
  const [revealed, setRevealed] = useState(0);
  const shown =
    !fromServer || columns === null ? total : Math.min(total, Math.max(revealed, columns * GALLERY_SERVER_ROWS));
  useEffect(() => {
    if (columns === null || shown >= total) return;
    let cancelled = false;
    void yieldToMain().then(() => {
      if (!cancelled) setRevealed(shown + columns);
    });
    return () => {
      cancelled = true;
    };
  }, [columns, shown, total]);
  return shown;
}
