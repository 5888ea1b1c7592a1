import type { Language } from '@atelier/contracts';
import type { DehydratedState } from '@tanstack/react-query';
import { jsonDataBlock } from './json-data-block.ts';
import type { RenderHints } from './render-hints.ts';

/**
 * What the server renderer hands to the browser with a page: the language it rendered in and
 * the API answers the page was rendered with, so the first client render is the same and
 * asks nothing again (ADR 0016). It travels as a JSON data block, not a script: the
 * Content-Security-Policy allows no inline script.
 */
export interface HydrationState {
  language: Language;
  /** PUBLIC_URL: the browser makes a page's canonical and preview links absolute with it, as the server does. */
  publicUrl: string;
  hints: RenderHints;
  queries: DehydratedState;
}

export const HYDRATION_STATE_ID = 'atelier-state';

/** The data block for a page. */
export function hydrationStateElement(state: HydrationState): string {
  return jsonDataBlock('application/json', state, HYDRATION_STATE_ID);
}

let serverPublicUrl: string | undefined;

/** The state the server sent with this page, when it rendered it. */
export function readHydrationState(): HydrationState | undefined {
  const element = globalThis.document?.getElementById(HYDRATION_STATE_ID);
  const state = element?.textContent ? (JSON.parse(element.textContent) as HydrationState) : undefined;
  serverPublicUrl = state?.publicUrl;
  return state;
}

/** PUBLIC_URL as the server sent it; the page's own origin where no server answered (Vite's dev server). */
export const publicUrl = () => serverPublicUrl ?? globalThis.location.origin;
