import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import yazl from 'yazl';
import type { RunRow } from '../../platform/db/schema/index.ts';
import type { Storage } from '../../platform/storage/storage.ts';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/** A name safe inside a ZIP on every system: no folders, no control or reserved characters. */
function safeBaseName(name: string | null, fallback: string): string {
  const base = path.basename((name ?? '').replace(/\\/g, '/'), path.extname(name ?? ''));
  const cleaned = base
    .replace(/[<>:"/\\|?*]/g, '_')
    .replace(/\p{Cc}/gu, '_')
    .trim()
    .slice(0, 100);
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : fallback;
}

/**
 * The entry names of a batch's succeeded outputs: the input's name with the output's extension
 * (`cat.jpg` → `cat.png`), a run with several outputs numbered (`cat-2.png`), repeats made unique
 * (`cat (2).png`).
 */
export function archiveEntries(runs: RunRow[]): { name: string; key: string }[] {
  const used = new Set<string>();
  const entries: { name: string; key: string }[] = [];
  for (const [i, run] of runs.entries()) {
    if (run.status !== 'succeeded') continue;
    const input = run.inputFiles.find((f) => f.field === 'image');
    const base = safeBaseName(input?.name ?? null, `image-${i + 1}`);
    for (const [n, output] of run.outputs.entries()) {
      const ext = EXTENSIONS[output.mediaType] ?? path.extname(output.key).slice(1);
      const stem = run.outputs.length > 1 ? `${base}-${n + 1}` : base;
      let name = `${stem}.${ext}`;
      for (let k = 2; used.has(name.toLowerCase()); k++) name = `${stem} (${k}).${ext}`;
      used.add(name.toLowerCase());
      entries.push({ name, key: output.key });
    }
  }
  return entries;
}

/**
 * Streams a ZIP of the entries: each file is opened from storage only when the archive reaches
 * it, so a batch of 50 large images is never held in memory or open at once. Images are stored,
 * not deflated (PNG, JPEG and WebP are compressed already); SVG text is deflated.
 */
export function streamArchive(storage: Storage, entries: { name: string; key: string }[]): Readable {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.on('error', (err: Error) => out.destroy(err));
  zip.outputStream.on('error', (err) => out.destroy(err)).pipe(out);
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { compress: entry.name.endsWith('.svg') }, (cb) => {
      storage.get(entry.key).then(
        (file) => (file ? cb(null, file.body) : cb(new Error(`missing output ${entry.key}`), undefined as never)),
        (err: unknown) => cb(err, undefined as never),
      );
    });
  }
  zip.end();
  return out;
}
