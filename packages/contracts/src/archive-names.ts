import { withoutInvisibleCharacters } from './invisible-characters.ts';

/**
 * How a batch's ZIP names its entries — one rule for the server's archive
 * (GET /api/batches/{id}/archive) and the ZIP the browser builds (background removal, retried
 * tiles), so a download is named the same whichever made it.
 */

const EXTENSION_OF_MEDIA_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/**
 * A file name without its extension, safe inside a ZIP on every system: no folders, no control
 * or reserved characters, and none of the invisible ones a name may not keep (a right-to-left
 * override before `gnp.exe` shows the name as ending in `exe.png`).
 */
function safeStem(name: string | null, fallback: string): string {
  const base =
    withoutInvisibleCharacters(name ?? '')
      .replace(/\\/g, '/')
      .split('/')
      .pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base)
    .replace(/[<>:"/\\|?*]/g, '_')
    .replace(/\p{Cc}/gu, '_')
    .trim()
    .slice(0, 100);
  return stem && stem !== '.' && stem !== '..' ? stem : fallback;
}

/**
 * The entry names of a batch's results, one per output in order: each input's name with its
 * result's extension ("shoe.jpg" vectorized → "shoe.svg"), a run with several results numbered
 * ("shoe-2.png"), repeats made unique ("shoe (2).png"). An item without outputs (a failed run)
 * adds no name but keeps its place for the `image-<n>` fallback of nameless inputs.
 */
export function archiveEntryNames(
  items: readonly { inputName: string | null; outputs: readonly { mediaType: string }[] }[],
): string[] {
  const taken = new Set<string>();
  return items.flatMap(({ inputName, outputs }, i) => {
    const base = safeStem(inputName, `image-${i + 1}`);
    return outputs.map(({ mediaType }, n) => {
      const ext = EXTENSION_OF_MEDIA_TYPE[mediaType] ?? 'png';
      const stem = outputs.length > 1 ? `${base}-${n + 1}` : base;
      let name = `${stem}.${ext}`;
      for (let k = 2; taken.has(name.toLowerCase()); k++) name = `${stem} (${k}).${ext}`;
      taken.add(name.toLowerCase());
      return name;
    });
  });
}
