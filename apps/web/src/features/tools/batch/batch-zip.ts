import { archiveEntryNames, type RunOutput } from '@atelier/contracts';
import { fetchBlob } from '../result/save-file.ts';

/**
 * A ZIP of a batch's results, built in the browser with fflate: background removal's results
 * exist only on this device, and a batch with retried tiles has results outside the server's
 * archive. Entries are stored, not deflated (PNG, JPEG and WebP are compressed already).
 */
export async function zipResults(results: readonly { inputName: string; outputs: readonly RunOutput[] }[]) {
  const outputs = results.flatMap((result) => result.outputs);
  const [{ zip }, bytes] = await Promise.all([
    import('fflate'),
    Promise.all(outputs.map(async ({ url }) => new Uint8Array(await (await fetchBlob(url)).arrayBuffer()))),
  ]);
  const names = archiveEntryNames(results);
  const files = Object.fromEntries(names.map((name, i) => [name, bytes[i]!] as const));
  return new Promise<Blob>((resolve, reject) => {
    zip(files, { level: 0 }, (error, data) =>
      error ? reject(error) : resolve(new Blob([data as BlobPart], { type: 'application/zip' })),
    );
  });
}
