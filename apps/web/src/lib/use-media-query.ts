import { useEffect, useState } from 'react';

/**
 * Whether a media query matches, known only after mounting (null before): the first render is
 * the same on the server and in the browser, so a server-rendered page hydrates cleanly.
 */
export function useMediaQuery(query: string): boolean | null {
  const [matches, setMatches] = useState<boolean | null>(null);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
