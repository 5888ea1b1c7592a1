import type { Artwork } from '@atelier/contracts';

/** The artwork page's image takes two thirds of a wide screen, the whole width of a narrow one. */
export const ARTWORK_PAGE_IMAGE_SIZES = '(min-width: 1024px) 66vw, 100vw';

/** The full image for wide screens, the thumbnails for narrow ones. */
export function artworkPageSrcSet(artwork: Artwork): string {
  return [
    ...artwork.thumbnails.map((thumb) => `${thumb.url} ${thumb.width}w`),
    `${artwork.imageUrl} ${artwork.width}w`,
  ].join(', ');
}
