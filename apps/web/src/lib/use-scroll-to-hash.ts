import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element the address's fragment names (`/profile#billing`) once the page has
 * drawn it (`ready`): the router's own scrolling runs before a page that loads its data has it.
 */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
}
