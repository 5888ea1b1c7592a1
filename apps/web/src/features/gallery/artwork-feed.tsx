import { type Artwork, GALLERY_MAX_COLUMNS } from '@atelier/contracts';
import { ArrowRight, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notify } from '../../lib/notify.ts';
import { loginHref } from '../../lib/redirect-target.ts';
import { ArtworkCard } from './artwork-card.tsx';
import { ArtworkLightbox } from './artwork-lightbox.tsx';
import { DeleteArtworkButton } from './delete-artwork-dialog.tsx';
import { LikeButton } from './like-button.tsx';
import { MasonryGrid, MasonrySkeleton } from './masonry-grid.tsx';
import {
  type ArtworkFeedKind,
  useArtworkFeed,
  useDeleteArtwork,
  useLikeArtwork,
  useSetArtworkVisibility,
} from './use-artworks.ts';
import { useLastItemObserver } from './use-last-item-observer.ts';
import { VisibilitySwitch } from './visibility-switch.tsx';

/** The first row at the widest layout is above the fold at every width. */
const firstRowOf = (index: number) => (index === 0 ? 'first' : index < GALLERY_MAX_COLUMNS ? 'rest' : undefined);

const toastError = (text: string) => () => void notify((toast) => toast.error(text));

/**
 * One tab of the gallery: the public feed (likes), the viewer's own artworks (visibility and
 * delete) or a team's library (visibility, which any member may change; deleting stays with the
 * author). Pages load 20 at a time as the last card nears the viewport.
 */
export function ArtworkFeed({
  kind,
  viewerId,
  team,
}: {
  kind: ArtworkFeedKind;
  viewerId: string | null;
  /** The team whose library the team tab shows. */
  team?: { id: string; name: string };
}) {
  const { t } = useTranslation('gallery');
  const feed = useArtworkFeed(kind, viewerId, team?.id);
  const [openId, setOpenId] = useState<string | null>(null);
  const like = useLikeArtwork(toastError(t('toast.likeFailed')));
  const visibility = useSetArtworkVisibility(toastError(t('toast.updateFailed')));
  const remove = useDeleteArtwork(toastError(t('toast.deleteFailed')));
  const lastItemRef = useLastItemObserver(() => {
    if (feed.hasNextPage && !feed.isFetchingNextPage) void feed.fetchNextPage();
  });

  const toggleLike = (artwork: Artwork, liked: boolean) => {
    if (!viewerId) return void notify((toast) => toast.error(t('toast.loginToLike')));
    like.mutate({ id: artwork.id, liked });
  };

  const visibilitySwitch = (artwork: Artwork) => (
    <VisibilitySwitch
      isPublic={artwork.isPublic}
      demo={artwork.isDemo}
      onChange={(isPublic) => visibility.mutate({ id: artwork.id, isPublic })}
      disabled={visibility.isPending && visibility.variables?.id === artwork.id}
    />
  );
  /** What can be done with an artwork: like it (public tab), manage it (my artworks), show or hide it (team). */
  const actions = (artwork: Artwork) =>
    kind === 'public' ? (
      <LikeButton artwork={artwork} onToggle={(liked) => toggleLike(artwork, liked)} />
    ) : kind === 'team' ? (
      visibilitySwitch(artwork)
    ) : (
      <>
        {visibilitySwitch(artwork)}
        <DeleteArtworkButton
          onConfirm={() =>
            remove.mutate(artwork.id, {
              onSuccess: () => {
                if (openId === artwork.id) setOpenId(null);
                void notify((toast) => toast.success(t('toast.deleted')));
              },
            })
          }
        />
      </>
    );
  const footer = (artwork: Artwork) =>
    kind !== 'mine' ? (
      <>
        <span className="truncate text-sm text-zinc-500 dark:text-zinc-400">
          {t('card.by', { name: artwork.authorName })}
        </span>
        {actions(artwork)}
      </>
    ) : (
      actions(artwork)
    );

  if (feed.isPending) return <MasonrySkeleton label={t('loading', { ns: 'common' })} />;
  if (feed.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-zinc-600 dark:text-zinc-400">{t('loadFailed')}</p>
        <button type="button" onClick={() => void feed.refetch()} className={buttonClass('secondary')}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const artworks = feed.data.pages.flatMap((page) => page.artworks);
  if (artworks.length === 0) return <EmptyFeed kind={kind} signedIn={viewerId !== null} />;
  const opened = artworks.find((a) => a.id === openId) ?? null;
  return (
    <>
      <MasonryGrid
        items={artworks}
        label={kind === 'team' ? t('tabs.team', { name: team?.name ?? '' }) : t(`tabs.${kind}`)}
        lastItemRef={lastItemRef}
        renderItem={(artwork, ref) => (
          <ArtworkCard
            ref={ref}
            artwork={artwork}
            onOpen={() => setOpenId(artwork.id)}
            footer={footer(artwork)}
            firstRow={firstRowOf(artworks.indexOf(artwork))}
          />
        )}
      />
      {feed.isFetchingNextPage && (
        <div className="flex justify-center py-8">
          <Spinner label={t('loadingMore')} />
        </div>
      )}
      <ArtworkLightbox
        artwork={opened}
        onClose={() => setOpenId(null)}
        actions={opened && actions(opened)}
        editable={kind !== 'public'}
      />
    </>
  );
}

/** Where a first artwork is made: the tools, reached by a visitor through sign-up. */
const TOOLS_PATH = '/tools';

/** An empty feed invites the visitor to make the first artwork, with the way to a tool. */
function EmptyFeed({ kind, signedIn }: { kind: ArtworkFeedKind; signedIn: boolean }) {
  const { t } = useTranslation('gallery');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-100 to-pink-100 text-brand-700 dark:from-brand-950 dark:to-pink-950 dark:text-brand-300"
      >
        <Sparkles className="size-6" />
      </span>
      <p className="text-zinc-600 dark:text-zinc-400">{t(`empty.${kind}`)}</p>
      <Link
        to={signedIn ? TOOLS_PATH : loginHref({ next: TOOLS_PATH, signUp: true })}
        className={buttonClass('primary')}
      >
        {t('empty.cta')}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}
