/**
 * An artwork's files live under `artworks/<id>/`, owned by that artwork alone: a copy of the
 * run output (so pruning runs never breaks the gallery) and its thumbnails. The folder is
 * served by this module's file route, which checks visibility. (No imports here: account
 * deletion needs the layout without pulling in the artworks module.)
 */
export const ARTWORK_KEY_PREFIX = 'artworks/';

export const artworkFolder = (artworkId: string) => `${ARTWORK_KEY_PREFIX}${artworkId}/`;
