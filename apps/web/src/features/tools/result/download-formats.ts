/**
 * Which formats a result can be downloaded as, and how to get there: converted in the
 * browser from the stored result (convert-image.ts). Pure, so the choice is unit-tested.
 */

export type DownloadFormat = 'png' | 'jpeg' | 'webp' | 'svg';

export const FORMAT_MEDIA_TYPES: Record<DownloadFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** Quality of the lossy formats: visually lossless for photos, a fraction of PNG's size. */
export const LOSSY_QUALITY = 0.92;

const mediaTypeOf = (value: string) => value.split(';')[0]?.trim().toLowerCase() ?? '';

export function formatOfMediaType(mediaType: string): DownloadFormat | undefined {
  const type = mediaTypeOf(mediaType);
  return (Object.keys(FORMAT_MEDIA_TYPES) as DownloadFormat[]).find((f) => FORMAT_MEDIA_TYPES[f] === type);
}

/**
 * The formats offered for a result. SVG stays SVG (a vector result is not flattened); a
 * transparent result gets PNG and WebP only, as JPEG has no transparency; an opaque one gets
 * JPEG as well. While transparency is not known yet, only the formats safe for both are offered.
 */
export function downloadFormats(mediaType: string, transparent: boolean | undefined): DownloadFormat[] {
  if (formatOfMediaType(mediaType) === 'svg') return ['svg'];
  return transparent === false ? ['png', 'jpeg', 'webp'] : ['png', 'webp'];
}

/** The format chosen first: the result's own when offered (no conversion), else PNG. */
export function defaultFormat(mediaType: string, offered: readonly DownloadFormat[]): DownloadFormat {
  const own = formatOfMediaType(mediaType);
  return own && offered.includes(own) ? own : (offered[0] ?? 'png');
}

export type Conversion =
  | { convert: false }
  | { convert: true; mediaType: string; quality: number | undefined; background: string | undefined };

/**
 * What turning a result into a format takes: nothing when it already is that format; otherwise
 * a re-encode, on white for JPEG (which has no alpha: transparent pixels would turn black).
 */
export function conversionFor(sourceMediaType: string, format: DownloadFormat): Conversion {
  if (formatOfMediaType(sourceMediaType) === format) return { convert: false };
  if (format === 'svg') throw new Error('A raster result cannot become SVG');
  return {
    convert: true,
    mediaType: FORMAT_MEDIA_TYPES[format],
    quality: format === 'png' ? undefined : LOSSY_QUALITY,
    background: format === 'jpeg' ? '#ffffff' : undefined,
  };
}

/** Whether any pixel of RGBA data is not fully opaque. */
export function hasTransparency(rgba: Uint8ClampedArray): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! < 255) return true;
  return false;
}
