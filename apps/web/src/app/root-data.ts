import type { Language } from '@atelier/contracts';
import type { DehydratedState } from '@tanstack/react-query';
import { useRouteLoaderData } from 'react-router';
import type { RenderHints } from './render-hints.ts';

/** What the root route's loader answers on every page (root.tsx). */
export interface RootData {
  language: Language;
  /** PUBLIC_URL: canonical and preview links are made absolute with it, on both sides. */
  publicUrl: string;
  hints: RenderHints;
  /** The session, the tool catalogue and the balance, for the top bar on every page. */
  queries: DehydratedState;
  /** The shell's text tables in the page's language, to preload. */
  textTables: string[];
}

export const useRootData = () => useRouteLoaderData('root') as RootData | undefined;

/** PUBLIC_URL as the server sent it; the page's own origin where no server rendered it. */
export const usePublicUrl = () => useRootData()?.publicUrl ?? globalThis.location.origin;
