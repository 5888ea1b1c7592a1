import type { Artwork, Language, ToolId } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Heart, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { artworkStructuredData, pageMeta } from '../../app/page-meta.ts';
import { usePublicUrl } from '../../app/root-data.ts';
import { publicPageHead } from '../../app/seo/head-tags.ts';
import { PageHeadTags } from '../../app/seo/page-head.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { loginHref } from '../../lib/redirect-target.ts';
import { toolHref } from '../../lib/tool-href.ts';
import { useSession } from '../auth/index.ts';
import { NotFoundPage } from '../errors/index.ts';
import { useArtworkTitle } from './artwork-card.tsx';
import { ArtworkFact } from './artwork-fact.tsx';
import { ArtworkLinkActions } from './artwork-link-actions.tsx';
import { publicArtworkQuery } from './use-artworks.ts';

/** The artwork page's image takes two thirds of a wide screen, the whole width of a narrow one. */
const ARTWORK_PAGE_IMAGE_SIZES = '(min-width: 1024px) 66vw, 100vw';

/** The full image for wide screens, the thumbnails for narrow ones. */
function artworkPageSrcSet(artwork: Artwork): string {
  return [
    ...artwork.thumbnails.map((thumb) => `${thumb.url} ${thumb.width}w`),
    `${artwork.imageUrl} ${artwork.width}w`,
  ].join(', ');
}

/**
 * /gallery/<id>: one public artwork, to share. The server renders it with its
 * Open Graph tags; an artwork that is private, deleted or never was is the 404 page.
 */
export default function ArtworkPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation(['gallery', 'tools']);
  const title = useArtworkTitle();
  const query = useQuery(publicArtworkQuery(id));
  const artwork = query.data;
  const publicUrl = usePublicUrl();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <p role="alert" className="py-16 text-center text-zinc-600 dark:text-zinc-400">
        {t('loadFailed')}
      </p>
    );
  }
  // The artwork's title, description and picture; else the 404 page's.
  const meta = pageMeta(t, 'artwork', `/gallery/${id}`, artwork);
  const head = (
    <PageHeadTags
      head={publicPageHead(meta, i18n.language as Language, publicUrl)}
      structuredData={artwork ? artworkStructuredData(meta, artwork, publicUrl) : undefined}
    />
  );
  if (!artwork)
    return (
      <>
        {head}
        <NotFoundPage />
      </>
    );
  return (
    <>
      {head}
      <article className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex items-start justify-center">
          <img
            src={artwork.imageUrl}
            srcSet={artworkPageSrcSet(artwork)}
            sizes={ARTWORK_PAGE_IMAGE_SIZES}
            width={artwork.width}
            height={artwork.height}
            // The largest paint of the page: fetched first (React preloads it from the server's HTML).
            fetchPriority="high"
            alt={title(artwork)}
            // A definite width (the image's displayed one: the column, at most its own width and
            // what 80dvh of height allows) so its height is reserved from the width/height ratio
            // before a byte has arrived; with `width: auto` the box is 0 high until it loads.
            style={{ maxWidth: `min(100%, ${artwork.width}px, calc(80dvh * ${artwork.width} / ${artwork.height}))` }}
            className="h-auto w-full rounded-2xl bg-zinc-100 object-contain dark:bg-zinc-800"
          />
        </div>
        <div className="flex flex-col gap-5">
          <Link to="/gallery" className={buttonClass('ghost', 'sm', 'self-start')}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('artworkPage.back')}
          </Link>
          <header>
            <h1 className="text-2xl font-semibold tracking-tight break-words">{title(artwork)}</h1>
            <p className="mt-1 text-zinc-600 dark:text-zinc-400">{t('card.by', { name: artwork.authorName })}</p>
          </header>
          <p className="inline-flex items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-300">
            <Heart aria-hidden="true" className="size-4" />
            {t('like.count', { count: artwork.likesCount })}
          </p>
          <dl className="flex flex-col gap-3 text-sm">
            {artwork.prompt && <ArtworkFact label={t('lightbox.prompt')}>{artwork.prompt}</ArtworkFact>}
            {artwork.negativePrompt && (
              <ArtworkFact label={t('lightbox.negativePrompt')}>{artwork.negativePrompt}</ArtworkFact>
            )}
            <ArtworkFact label={t('lightbox.tool')}>{t(`tools:${artwork.toolType}.name`)}</ArtworkFact>
            <ArtworkFact label={t('lightbox.created')}>
              <time dateTime={artwork.createdAt}>
                {/* UTC, so the server's text and the browser's are the same wherever each is. */}
                {formatDate(artwork.createdAt, i18n.language, 'medium', 'UTC')}
              </time>
            </ArtworkFact>
          </dl>
          <TryThisTool tool={artwork.toolType} />
          <div className="flex flex-wrap gap-2">
            <a href={artwork.imageUrl} target="_blank" rel="noreferrer" className={buttonClass('secondary', 'sm')}>
              {t('lightbox.openOriginal')}
            </a>
            <ArtworkLinkActions artworkId={artwork.id} title={title(artwork)} />
          </div>
        </div>
      </article>
    </>
  );
}

/** The way from a shared artwork to the tool that made it (for a visitor, through sign-up). */
function TryThisTool({ tool }: { tool: ToolId }) {
  const { t } = useTranslation(['gallery', 'tools']);
  const signedOut = useSession().status === 'signed-out';
  const href = toolHref({ id: tool });
  return (
    <Link
      to={signedOut ? loginHref({ next: href, signUp: true }) : href}
      className={buttonClass('primary', 'md', 'self-start')}
    >
      <Sparkles aria-hidden="true" className="size-4" />
      {t('artworkPage.tryTool', { tool: t(`tools:${tool}.name`) })}
    </Link>
  );
}
