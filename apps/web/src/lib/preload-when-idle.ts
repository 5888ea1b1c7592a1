/**
 * Fetches a lazily loaded module once the browser is idle, if `element` is on screen (not
 * inside a `display: none` part of the layout), so its first use does not wait for the
 * network. Returns the cancel function, for an effect's clean-up.
 */
export function preloadWhenIdle(element: HTMLElement | null, load: () => Promise<unknown>): () => void {
  const preload = () => {
    if (element?.isConnected && element.getClientRects().length > 0) load().catch(() => undefined);
  };
  // Safari before 18.x has no requestIdleCallback: a timer after the current work instead.
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(preload);
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(preload, 1);
  return () => clearTimeout(timer);
}
