import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

const inBrowser = typeof document !== 'undefined';

/**
 * False on the server and while React hydrates the server's HTML, true from the render right
 * after (React renders a component again once hydrated when its client snapshot differs), and
 * at once in a page the browser renders itself. For what only the browser knows (the
 * viewport, a share sheet) and must not differ from the server's HTML while hydrating, and
 * for a control that must not act before its handlers are attached: a sign-in button pressed
 * then would send the form the browser's way, the password in the address.
 */
export function useBrowserRendered(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * True while this component is being hydrated over the server's HTML, false in any render
 * after, in a page the browser renders itself and on the server.
 */
export function useHydratingServerHtml(): boolean {
  return !useBrowserRendered() && inBrowser;
}
