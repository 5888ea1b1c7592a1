import { createContext, useContext } from 'react';

/**
 * What the server knew of the visitor's device when it rendered the page. It travels with the
 * hydration state, so the browser hydrates with the same hints and both sides render alike.
 */
export interface RenderHints {
  /** A phone, as the browser said (`Sec-CH-UA-Mobile: ?1`): the gallery sends fewer layouts. */
  mobile: boolean;
}

const NO_HINTS: RenderHints = { mobile: false };

export const RenderHintsContext = createContext<RenderHints>(NO_HINTS);

export const useRenderHints = () => useContext(RenderHintsContext);
