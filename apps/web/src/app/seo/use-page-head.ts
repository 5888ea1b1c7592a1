import type { Language } from '@atelier/contracts';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { i18next, loadNamespaces } from '../../lib/i18n.ts';
import { publicUrl } from '../hydration-state.ts';
import type { PageHandle } from '../lazy-page.ts';
import type { PageHead } from './head-tags.ts';

/** A page's head from its content: its texts (`t`), language and PUBLIC_URL. */
export type OwnPageHead = (t: TFunction, language: Language, publicUrl: string) => PageHead;

/**
 * Keeps the document's head in step as the app moves between pages (the server wrote it for
 * the first one): title, description, canonical link and preview tags, in the language shown.
 * The texts are the seo namespace's, loaded when first needed. `ownHead` is for a page whose
 * head comes from its content (an artwork's) or its tool (a tool page's).
 */
export function usePageHead(ownHead?: OwnPageHead) {
  const { pathname } = useLocation();
  const handle = useMatches().at(-1)?.handle as PageHandle | undefined;
  const page = handle?.seo;
  const pageHasOwnHead = handle?.ownHead === true;
  const { i18n } = useTranslation();
  useEffect(() => {
    // A page with a head of its own (an artwork's, a tool's): the layout leaves it alone.
    if (pageHasOwnHead && !ownHead) return;
    let current = true;
    // Its code loads with its texts, off the first page's path: the server wrote that page's head.
    void Promise.all([import('./head-tags.ts'), import('./seo-pages.ts'), loadNamespaces(['seo'])]).then(
      ([{ applyPageHead, publicPageHead, signedInPageHead }, { staticPageMeta }]) => {
        if (!current) return;
        const language = i18n.language as Language;
        const t = i18next.getFixedT(language);
        if (ownHead) applyPageHead(ownHead(t, language, publicUrl()));
        else if (page && page !== 'artwork') {
          applyPageHead(publicPageHead(staticPageMeta(t, page, pathname), language, publicUrl()));
        } else {
          // A signed-in page (the profile, History…): the site's title, and nothing to share.
          applyPageHead(signedInPageHead(staticPageMeta(t, 'home', pathname)));
        }
      },
    );
    return () => {
      current = false;
    };
  }, [page, pageHasOwnHead, pathname, i18n.language, ownHead]);
}
