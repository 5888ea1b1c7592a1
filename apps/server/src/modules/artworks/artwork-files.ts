import {
  ARTWORK_CARD_THUMBNAIL_WIDTH,
  ARTWORK_SHARE_IMAGE,
  ARTWORK_THUMBNAIL_WIDTHS,
  type ArtworkThumbnail,
} from '@atelier/contracts';
import type { StoredThumbnail } from '../../platform/db/schema/index.ts';
import { contentTypeForKey, readStoredBytes, type Storage, type StoredObject } from '../../platform/storage/storage.ts';
import { FILES_URL_PREFIX } from '../profiles/service.ts';
import { ARTWORK_KEY_PREFIX, artworkFolder } from './artwork-keys.ts';
import { makeShareImage, makeThumbnails } from './thumbnails.ts';

export { ARTWORK_KEY_PREFIX, artworkFolder };

const thumbnailKey = (artworkId: string, width: number) => `${artworkFolder(artworkId)}w${width}.webp`;
export const fileUrl = (key: string) => `${FILES_URL_PREFIX}${key}`;

/** The artwork id a storage key belongs to, or null when the key is no artwork's. */
export function artworkIdOfKey(key: string): string | null {
  const match = /^artworks\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[^/]+$/.exec(key);
  return match?.[1] ?? null;
}

export interface StoredArtworkFiles {
  imageKey: string;
  thumbnails: StoredThumbnail[];
}

/**
 * Copies a stored file into the artwork's folder and writes its thumbnails. Answers null when
 * the source is gone. On failure nothing is left behind.
 */
export async function storeArtworkFiles(
  storage: Storage,
  artworkId: string,
  sourceKey: string,
): Promise<StoredArtworkFiles | null> {
  const image = await readStoredBytes(storage, sourceKey);
  if (!image) return null;
  const extension = sourceKey.slice(sourceKey.lastIndexOf('.') + 1).toLowerCase();
  const imageKey = `${artworkFolder(artworkId)}original.${extension}`;
  const thumbnails = await makeThumbnails(image);
  const stored = thumbnails.map((t, i) => ({
    key: thumbnailKey(artworkId, ARTWORK_THUMBNAIL_WIDTHS[i]!),
    width: t.width,
    height: t.height,
  }));
  try {
    await storage.put(imageKey, image, contentTypeForKey(imageKey));
    await Promise.all(stored.map((s, i) => storage.put(s.key, thumbnails[i]!.data, 'image/webp')));
  } catch (error) {
    await removeArtworkFiles(storage, { imageKey, thumbnails: stored });
    throw error;
  }
  return { imageKey, thumbnails: stored };
}

/** The key of an artwork's share image: in its folder, beside the original (`imageKey`). */
export const shareImageKey = (imageKey: string) =>
  `${imageKey.slice(0, imageKey.lastIndexOf('/') + 1)}${ARTWORK_SHARE_IMAGE.file}`;

export async function removeArtworkFiles(storage: Storage, files: StoredArtworkFiles): Promise<void> {
  // The share image too, when it was ever asked for (deleting a missing key is no error).
  const keys = [files.imageKey, shareImageKey(files.imageKey), ...files.thumbnails.map((t) => t.key)];
  await Promise.all(keys.map((key) => storage.delete(key)));
}

/**
 * An artwork's share image (ARTWORK_SHARE_IMAGE): made from the original the first time a
 * link preview asks for it, and kept beside it — most artworks are never shared, and those
 * saved before share images existed get theirs the same way. Null when the original is gone.
 */
export async function openShareImage(storage: Storage, imageKey: string): Promise<StoredObject | null> {
  const key = shareImageKey(imageKey);
  const stored = await storage.get(key);
  if (stored) return stored;
  const original = await readStoredBytes(storage, imageKey);
  if (!original) return null;
  await storage.put(key, await makeShareImage(original), 'image/jpeg');
  return storage.get(key);
}

export function thumbnailUrls(files: StoredArtworkFiles): { thumbnailUrl: string; thumbnails: ArtworkThumbnail[] } {
  const thumbnails = files.thumbnails.map((t) => ({ width: t.width, height: t.height, url: fileUrl(t.key) }));
  const card = files.thumbnails.find((t) => t.key.endsWith(`/w${ARTWORK_CARD_THUMBNAIL_WIDTH}.webp`));
  return { thumbnailUrl: fileUrl(card?.key ?? files.imageKey), thumbnails };
}
