import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Infinite scroll on the last item: a ref callback for the last card that
 * calls `onVisible` when it comes near the viewport. The margin starts the next page before
 * the reader gets there.
 */
export function useLastItemObserver(onVisible: () => void, rootMargin = '600px') {
  const callback = useRef(onVisible);
  // Kept current as soon as the render is in the document: an observer's report can come
  // before passive effects have run (React may run them after the browser has painted).
  useLayoutEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);

  return useCallback(
    (element: Element | null) => {
      observer.current?.disconnect();
      if (!element) return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) callback.current();
        },
        { rootMargin },
      );
      observer.current.observe(element);
    },
    [rootMargin],
  );
}
