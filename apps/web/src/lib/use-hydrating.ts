import { useRef, useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

const inBrowser = typeof document !== 'undefined';

/**
 * True where a render reads the server snapshot: on the server and while hydrating over its
 * HTML. A component that uses it renders once more right after hydrating.
 */
const useServerSnapshot = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );

/**
 * True while this component is being hydrated over the server's HTML, false in any render
 * after, in a page the browser renders itself and on the server.
 */
export function useHydrating(): boolean {
  return useServerSnapshot() && inBrowser;
}

/**
 * Props for an element rendered over the server's HTML (`<div {...KEEP_SERVER_CONTENT} />`):
 * Preact leaves what the element already holds as it is and hydrates nothing inside, so the
 * server's markup stays without the browser working it out again. No HTML is ever written
 * through it: Preact writes inner HTML only outside hydration, and only when it changes, and
 * it is this one empty string every time. An element must not be given it for its first
 * render outside hydration (it would be emptied), nor again once rendered otherwise.
 */
export const KEEP_SERVER_CONTENT = { dangerouslySetInnerHTML: { __html: '' } } as const;

const sameInputs = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * Whether an element may keep the server's content (KEEP_SERVER_CONTENT): while it is being
 * hydrated, and in the renders after for as long as `inputs` — what its content depends on —
 * are those it was hydrated with. Once they change it is false for good: kept again, the
 * element would be emptied.
 */
export function useKeptServerContent(inputs: readonly unknown[]): boolean {
  const hydrating = useHydrating();
  const hydratedWith = useRef<readonly unknown[] | null>(hydrating ? inputs : null);
  if (hydratedWith.current && !sameInputs(hydratedWith.current, inputs)) hydratedWith.current = null;
  return hydratedWith.current !== null;
}

/**
 * False on the server and while hydrating, true from the render right after (and at once in a
 * page the browser renders itself). For a control that must not act before its handlers are
 * attached: a sign-in button pressed then would send the form the browser's way, the password
 * in the address.
 */
export function useInteractive(): boolean {
  return !useServerSnapshot();
}
