import {
  ARTWORK_SHARE_IMAGE,
  type Artwork,
  artworkShareImageUrl,
  type ToolId,
  withoutBidiControls,
} from '@atelier/contracts';
import type { TFunction } from 'i18next';
import { absoluteUrl } from './seo/head-tags.ts';
import { type PageMeta, type SeoPage, staticPageMeta } from './seo/seo-pages.ts';

/** A title for a link preview stays short: the prompt is cut at this many characters. */
const TITLE_PROMPT_CHARS = 60;

/**
 * A person's text as a page's head shows it (title, link preview, structured data): without
 * text-direction controls, which would turn the rest of a title around — or the site's name
 * after it — in a tab, a search result or a preview. Prompts may hold them; older names too.
 */
const headText = (text: string) => withoutBidiControls(text).trim();

/** An artwork's page: its title (else its prompt, else its tool) by its author, and its share image as the picture. */
function artworkPageMeta(t: TFunction, artwork: Artwork): PageMeta {
  const tool = t(`tools:${artwork.toolType}.name`);
  const prompt = headText(artwork.title || artwork.prompt);
  const author = headText(artwork.authorName);
  const title =
    prompt.length > TITLE_PROMPT_CHARS ? `${prompt.slice(0, TITLE_PROMPT_CHARS - 1).trimEnd()}…` : prompt || tool;
  return {
    title: `${t('seo:artwork.title', { title, author })} — ${t('seo:siteName')}`,
    description: t('seo:artwork.description', { author, tool }),
    path: `/gallery/${artwork.id}`,
    type: 'article',
    image: {
      url: artworkShareImageUrl(artwork.id),
      width: ARTWORK_SHARE_IMAGE.width,
      height: ARTWORK_SHARE_IMAGE.height,
      alt: t('seo:imageAlt', { title }),
    },
  };
}

/** A page's meta: an artwork's own, else the page's texts (the 404 page's when there is no artwork). */
export function pageMeta(t: TFunction, page: SeoPage, path: string, artwork?: Artwork | null): PageMeta {
  if (page === 'artwork') return artwork ? artworkPageMeta(t, artwork) : staticPageMeta(t, 'notFound', path);
  return staticPageMeta(t, page, path);
}

/** A tool page's title (the tool's name, then the site's) and description; it is not public: no more meta. */
export const toolPageMeta = (t: TFunction, tool: ToolId): Pick<PageMeta, 'title' | 'description'> => ({
  title: `${t(`tools:${tool}.name`)} — ${t('seo:siteName')}`,
  description: t(`tools:${tool}.description`),
});

/**
 * What search engines read of an artwork's page as data (schema.org ImageObject, JSON-LD): the
 * image, its author, when it was made, the prompt as its caption and its likes; named and
 * described as the page's `meta` (pageMeta) says. Absolute URLs, as the page's canonical link.
 */
export function artworkStructuredData(meta: PageMeta, artwork: Artwork, publicUrl: string) {
  const absolute = (path: string) => absoluteUrl(publicUrl, path);
  const caption = headText(artwork.prompt);
  const author = headText(artwork.authorName);
  return {
    '@context': 'https://schema.org',
    '@type': 'ImageObject',
    name: meta.title,
    // "By <author>, made with <tool>", in the page's language.
    description: meta.description,
    url: absolute(meta.path),
    contentUrl: absolute(artwork.imageUrl),
    thumbnailUrl: absolute(artwork.thumbnailUrl),
    width: artwork.width,
    height: artwork.height,
    ...(caption ? { caption } : {}),
    creator: { '@type': 'Person', name: author },
    creditText: author,
    datePublished: artwork.createdAt,
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: 'https://schema.org/LikeAction',
      userInteractionCount: artwork.likesCount,
    },
  };
}
