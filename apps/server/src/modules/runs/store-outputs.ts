import sharp from 'sharp';
import type { EngineImage, EngineOutput } from '../../engines/engine.ts';
import { EngineError } from '../../engines/engine.ts';
import type { StoredOutput } from '../../platform/db/schema/index.ts';
import { sanitizeSvg } from '../../platform/images/sanitize-svg.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { outputKey } from './storage-keys.ts';

/** Largest output accepted from an engine or a provider's URL. */
const OUTPUT_MAX_BYTES = 64 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 60_000;

const OUTPUT_TYPES: Record<string, { mediaType: string; extension: string }> = {
  png: { mediaType: 'image/png', extension: 'png' },
  jpeg: { mediaType: 'image/jpeg', extension: 'jpg' },
  webp: { mediaType: 'image/webp', extension: 'webp' },
  svg: { mediaType: 'image/svg+xml', extension: 'svg' },
};

/** A provider's result link expires: fetch it now, while the run is still running. */
async function download(url: string, signal: AbortSignal): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)]) });
  } catch {
    throw new EngineError('PROVIDER_UNAVAILABLE', 'Could not download the result');
  }
  if (!res.ok) throw new EngineError('PROVIDER_UNAVAILABLE', `Could not download the result (${res.status})`);
  const data = Buffer.from(await res.arrayBuffer());
  if (data.byteLength > OUTPUT_MAX_BYTES) throw new EngineError('PROVIDER_INVALID_INPUT', 'The result is too large');
  return data;
}

/** Sanitizes an SVG document (`sanitizeSvg`), wherever the caller runs it. */
export type SvgSanitizer = (svg: string) => Promise<string>;

const sanitizeHere: SvgSanitizer = async (svg) => sanitizeSvg(svg);

/** Identifies an output by its bytes, as for uploads: an engine's claimed type is not trusted. */
async function identifyOutput(data: Buffer, sanitize: SvgSanitizer): Promise<EngineImage & { extension: string }> {
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  const type = meta?.format ? OUTPUT_TYPES[meta.format] : undefined;
  if (!meta || !type || !meta.width || !meta.height) {
    throw new EngineError('INTERNAL', 'The tool returned something that is not an image');
  }
  // SVG can carry script and external references: only a sanitized copy is ever stored.
  const safe = meta.format === 'svg' ? Buffer.from(await sanitize(data.toString('utf8'))) : data;
  return { data: safe, width: meta.width, height: meta.height, ...type };
}

/**
 * Copies every output into Atelier's storage; the run's outputs never point elsewhere. A worker
 * passes `sanitize` to have SVG sanitized off the thread that serves HTTP (the engine pool).
 */
export async function storeOutputs(
  storage: Storage,
  run: { userId: string; id: string },
  outputs: EngineOutput[],
  signal: AbortSignal,
  sanitize: SvgSanitizer = sanitizeHere,
): Promise<StoredOutput[]> {
  if (outputs.length === 0) throw new EngineError('INTERNAL', 'No images returned from API');
  const stored: StoredOutput[] = [];
  for (const [i, output] of outputs.entries()) {
    const image = await identifyOutput('url' in output ? await download(output.url, signal) : output.data, sanitize);
    const key = outputKey(run.userId, run.id, i, image.extension);
    await storage.put(key, image.data, image.mediaType);
    stored.push({ key, mediaType: image.mediaType, width: image.width, height: image.height });
  }
  return stored;
}
