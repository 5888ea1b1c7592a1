import type { Language } from '@atelier/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { SeoPage } from './seo/seo-pages.ts';

/** What a page's loaders know of the request. */
export interface PrefetchArgs {
  params: Params;
  url: URL;
  language: Language;
}

/**
 * What a route module says about its page (src/routes/*.tsx); route-page.tsx and
 * page-loader.server.ts make its loaders and component from it.
 */
export interface PageRoute {
  /** Text tables the page needs, loaded before it renders. */
  namespaces?: readonly string[];
  /** A public page: title, description, canonical and preview tags from its seo texts. */
  seo?: Exclude<SeoPage, 'artwork'>;
  /** The page writes its head itself (an artwork's from the artwork, a tool's from the tool). */
  ownHead?: boolean;
  /**
   * The API answers the page shows at once: awaited on the server (rendered with, handed over
   * for hydration), started in the browser on a navigation. `PAGE_NOT_FOUND`, answered, makes
   * the page's status 404.
   */
  prefetch?: (client: QueryClient, args: PrefetchArgs) => Promise<unknown>;
}

/** What a page's prefetch answers when what the page shows does not exist: status 404. */
export const PAGE_NOT_FOUND = { status: 404 } as const;
