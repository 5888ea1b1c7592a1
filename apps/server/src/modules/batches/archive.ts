import { PassThrough, type Readable } from 'node:stream';
import { archiveEntryNames } from '@atelier/contracts';
import yazl from 'yazl';
import type { RunRow } from '../../platform/db/schema/index.ts';
import type { Storage } from '../../platform/storage/storage.ts';

/**
 * The entries of a batch's archive: its succeeded outputs, named by the contract's rule
 * (`archiveEntryNames`: the input's name with the output's extension, repeats made unique).
 */
export function archiveEntries(runs: RunRow[]): { name: string; key: string }[] {
  const succeeded = runs.map((run) => (run.status === 'succeeded' ? run.outputs : []));
  const names = archiveEntryNames(
    runs.map((run, i) => ({
      inputName: run.inputFiles.find((f) => f.field === 'image')?.name ?? null,
      outputs: succeeded[i]!,
    })),
  );
  const keys = succeeded.flat().map((output) => output.key);
  return names.map((name, i) => ({ name, key: keys[i]! }));
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
