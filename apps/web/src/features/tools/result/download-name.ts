import { formatOfMediaType } from './download-formats.ts';

const EXTENSIONS = { png: 'png', jpeg: 'jpg', webp: 'webp', svg: 'svg' } as const;

/** The file extension of an image's media type (PNG when unknown). */
export const extensionOf = (mediaType: string) => EXTENSIONS[formatOfMediaType(mediaType) ?? 'png'];

/**
 * `<prefix>-<timestamp>.<ext>`, the download names users know (edited-photo-,
 * erased-background-, inpainted-image-); the n-th of several images gets `-<n>` too. The
 * extension follows the format downloaded (the name is kept whatever the format).
 */
export function downloadName(prefix: string, mediaType: string, index = 0, now = Date.now()): string {
  const ext = extensionOf(mediaType);
  return `${prefix}-${now}${index > 0 ? `-${index + 1}` : ''}.${ext}`;
}
