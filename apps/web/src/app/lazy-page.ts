import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { loadNamespaces } from '../lib/i18n.ts';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * A code-split route: the page's chunk and the text tables it names load together, before
 * the router shows it, so the page appears without a second spinner for its text.
 */
export function lazyPage(load: () => PageModule, namespaces: readonly string[] = []): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
      return { Component: module.default };
    },
  };
}
