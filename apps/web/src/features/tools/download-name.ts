/** File extensions of the media types a run can produce; SVG stays SVG. */
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/**
 * `<prefix>-<timestamp>.<ext>` as the spec names downloads (tools.md §7: edited-photo-,
 * erased-background-, inpainted-image-); the n-th of several images gets `-<n>` too.
 */
export function downloadName(prefix: string, mediaType: string, index = 0, now = Date.now()): string {
  const ext = EXTENSIONS[mediaType.split(';')[0]?.trim() ?? ''] ?? 'png';
  return `${prefix}-${now}${index > 0 ? `-${index + 1}` : ''}.${ext}`;
}
