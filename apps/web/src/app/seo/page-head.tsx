import type { Language } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePublicUrl } from '../root-data.ts';
import { type PageHead, publicPageHead, signedInPageHead } from './head-tags.ts';
import { type SeoPage, staticPageMeta } from './seo-pages.ts';

/** JSON in a data block: `<` escaped, so no text in it can close the element. */
const jsonText = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c');

/**
 * A page's head as React elements: React puts the title, meta and link tags in the document's
 * <head> (on the server as it streams, in the browser as pages change), and takes them out
 * with the page. Structured data (JSON-LD) is a data block in the page itself.
 */
export function PageHeadTags({ head, structuredData }: { head: PageHead; structuredData?: object }) {
  return (
    <>
      <title>{head.title}</title>
      {head.elements.map((element) => {
        if (element.tag === 'link') return <link key={element.rel} rel={element.rel} href={element.href} />;
        const attribute = element.attribute === 'name' ? { name: element.key } : { property: element.key };
        return <meta key={element.key} {...attribute} content={element.content} />;
      })}
      {structuredData && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON a data block carries, `<` escaped (jsonText)
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonText(structuredData) }} />
      )}
    </>
  );
}

/** A public page's head, from its texts in the seo namespace, in the language shown. */
export function StaticPageHead({ page }: { page: Exclude<SeoPage, 'artwork'> }) {
  const { t, i18n } = useTranslation('seo');
  const { pathname } = useLocation();
  const publicUrl = usePublicUrl();
  return (
    <PageHeadTags head={publicPageHead(staticPageMeta(t, page, pathname), i18n.language as Language, publicUrl)} />
  );
}

/** A signed-in page's head (the profile, History…): the site's title, and nothing to share. */
export function SignedInPageHead() {
  const { t } = useTranslation('seo');
  const { pathname } = useLocation();
  return <PageHeadTags head={signedInPageHead(staticPageMeta(t, 'home', pathname))} />;
}
