import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { i18next, loadNamespaces } from '../../lib/i18n.ts';
import type { PageHandle } from '../lazy-page.ts';
import { staticPageMeta } from './seo-pages.ts';

/**
 * Keeps the tab's title in step as the app moves between pages (the server set it for the
 * first one). The texts are the seo namespace's, loaded when first needed. `ownTitle` is for
 * a page whose title comes from its content (an artwork's).
 */
export function useDocumentTitle(ownTitle?: (t: TFunction) => string) {
  const { pathname } = useLocation();
  const handle = useMatches().at(-1)?.handle as PageHandle | undefined;
  const page = handle?.seo;
  const pageNamesItself = handle?.ownTitle === true;
  const { i18n } = useTranslation();
  useEffect(() => {
    // A page that names itself (an artwork's, a tool's): the layout leaves it alone.
    if (pageNamesItself && !ownTitle) return;
    let current = true;
    void loadNamespaces(['seo']).then(() => {
      if (!current) return;
      const t = i18next.getFixedT(i18n.language);
      if (ownTitle) document.title = ownTitle(t);
      else document.title = staticPageMeta(t, page && page !== 'artwork' ? page : 'home', pathname).title;
    });
    return () => {
      current = false;
    };
  }, [page, pageNamesItself, pathname, i18n.language, ownTitle]);
}
