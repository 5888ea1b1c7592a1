import { GALLERY_SERVER_ROWS } from '@atelier/contracts';
import { startTransition, useEffect, useState } from 'react';
import { useHydratingServerHtml } from '../../lib/use-browser-rendered.ts';

/**
 * How many of a masonry's items to render. Over the server's HTML, which has the first
 * GALLERY_SERVER_ROWS rows of each layout, the rest are added after hydration in a transition
 * (React renders them in the background, yielding to input), below the fold; so are pages
 * appended later. A grid the browser renders itself shows every item at once.
 */
export function useRevealedCount(total: number, columns: number | null): number {
  const hydrating = useHydratingServerHtml();
  const [fromServer] = useState(hydrating);
  const [revealed, setRevealed] = useState(0);
  const shown =
    !fromServer || columns === null ? total : Math.min(total, Math.max(revealed, columns * GALLERY_SERVER_ROWS));
  useEffect(() => {
    if (columns === null || shown >= total) return;
    startTransition(() => setRevealed(total));
  }, [columns, shown, total]);
  return shown;
}
