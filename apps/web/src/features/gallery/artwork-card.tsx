import type { Artwork } from '@atelier/contracts';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ArtworkThumbnail } from './artwork-image.tsx';

/** What an artwork is called: its owner's title, else its prompt, else the tool that made it. */
export function useArtworkTitle() {
  const { t } = useTranslation(['gallery', 'tools']);
  return (artwork: Artwork) => artwork.title || artwork.prompt || t(`tools:${artwork.toolType}.name`);
}

/**
 * One artwork in the grid: its picture (a button that opens the lightbox), its title, the
 * prompt (else the tool) under it, and a footer row the tab fills (likes or owner actions).
 */
export function ArtworkCard({
  artwork,
  onOpen,
  footer,
  ref,
  firstRow,
}: {
  artwork: Artwork;
  onOpen: () => void;
  footer: ReactNode;
  ref?: Ref<HTMLElement>;
  firstRow?: 'first' | 'rest';
}) {
  const { t } = useTranslation(['gallery', 'tools']);
  const title = useArtworkTitle()(artwork);
  return (
    <article
      ref={ref}
      className="overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <button
        type="button"
        onClick={onOpen}
        aria-label={t('card.open', { title })}
        className="block w-full cursor-zoom-in"
      >
        <ArtworkThumbnail artwork={artwork} alt={title} firstRow={firstRow} />
      </button>
      <div className="flex flex-col gap-2 p-3">
        <div className="min-w-0">
          <h2 className="truncate text-sm font-medium">{title}</h2>
          <p className="line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">
            {artwork.prompt && artwork.prompt !== title ? artwork.prompt : t(`tools:${artwork.toolType}.name`)}
          </p>
        </div>
        <div className="flex items-center justify-between gap-2">{footer}</div>
      </div>
    </article>
  );
}
