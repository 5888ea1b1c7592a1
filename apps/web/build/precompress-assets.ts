/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text types; images, fonts and the background-removal model chunks are compressed already or barely compress. */
const EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.wasm',
  '.webmanifest',
  '.map',
]);
/** A sibling must save at least this share of the file to be worth a second request path. */
const MIN_SAVING = 0.1;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text file
 * of the build, once, so the server never compresses a static file per request
 * (apps/server/src/platform/http/static-files.ts picks the sibling by Accept-Encoding). A
 * sibling that saves less than a tenth of the file is not written.
 */
export async function precompressDirectory(
  dir: string,
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  const jobs: Promise<void>[] = [];
  for (const file of filesUnder(dir)) {
    if (!EXTENSIONS.has(path.extname(file))) continue;
    const data = fs.readFileSync(file);
    jobs.push(
      (async () => {
        const [br, gz] = await Promise.all([
          brotli(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        const worth = (compressed: Buffer) => compressed.length <= data.length * (1 - MIN_SAVING);
        if (worth(br)) fs.writeFileSync(`${file}.br`, br);
        if (worth(gz)) fs.writeFileSync(`${file}.gz`, gz);
        totals.files++;
        totals.bytes += data.length;
        totals.brotliBytes += Math.min(br.length, data.length);
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}
