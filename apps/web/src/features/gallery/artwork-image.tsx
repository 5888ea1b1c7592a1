import type { Artwork } from '@atelier/contracts';
import { COLUMN_BREAKPOINTS } from './masonry.ts';

/**
 * How wide a card is at each breakpoint (one column per breakpoint passed), so the browser
 * picks the smallest thumbnail that is sharp enough.
 */
const CARD_SIZES = [
  ...COLUMN_BREAKPOINTS.map((min, i) => `(min-width: ${min}px) ${Math.ceil(100 / (i + 2))}vw`).reverse(),
  '100vw',
].join(', ');

/**
 * A card's picture: the WebP thumbnails as a srcset, with the image's own width and height so
 * the page does not shift when it loads, and lazy loading below the fold. The first row is
 * `firstRow`: loaded at once, and the very first fetched first (the page's largest paint).
 */
export function ArtworkThumbnail({
  artwork,
  alt,
  firstRow,
}: {
  artwork: Artwork;
  alt: string;
  firstRow?: 'first' | 'rest';
}) {
  return (
    <img
      src={artwork.thumbnailUrl}
      srcSet={artwork.thumbnails.map((t) => `${t.url} ${t.width}w`).join(', ')}
      sizes={CARD_SIZES}
      width={artwork.width}
      height={artwork.height}
      loading={firstRow ? 'eager' : 'lazy'}
      fetchPriority={firstRow === 'first' ? 'high' : undefined}
      decoding="async"
      alt={alt}
      className="block h-auto w-full bg-zinc-100 dark:bg-zinc-800"
    />
  );
}
