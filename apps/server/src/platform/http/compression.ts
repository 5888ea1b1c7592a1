import { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import { COMPRESSION_MIN_BYTES } from '@atelier/contracts';
import type { MiddlewareHandler } from 'hono';
import { chooseEncoding, type Encoding, varyOnAcceptEncoding } from './accept-encoding.ts';

/**
 * Text that compresses. Not event streams (each event must reach the browser when sent; a
 * compressor holds bytes back, and proxies buffer compressed streams), not images, archives
 * or anything else already compressed.
 */
export function isCompressibleType(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    type === 'image/svg+xml' ||
    type === 'application/wasm' ||
    /^application\/([a-z0-9.-]+\+)?(json|xml|javascript|manifest\+json)$/.test(type)
  );
}

/**
 * A streaming compressor. Every chunk the app writes is flushed through (brotli's FLUSH,
 * gzip's SYNC_FLUSH), so a streamed response — React's server-rendered HTML — reaches the
 * browser as it is produced, compressed, instead of waiting for the end. Brotli at quality 5:
 * most of quality 11's gain at a fraction of its CPU, which matters per request.
 */
function compressor(encoding: Encoding) {
  const stream =
    encoding === 'br'
      ? zlib.createBrotliCompress({
          flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        })
      : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH, level: 6 });
  return Duplex.toWeb(stream) as unknown as TransformStream<Uint8Array, Uint8Array>;
}

/**
 * Reads a body until `minBytes` have come or it ends, and answers it whole again (the bytes
 * read, then the rest as it arrives). `small` when it ended below the threshold.
 */
async function peek(body: ReadableStream<Uint8Array>, minBytes: number) {
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < minBytes) {
    const chunk = await reader.read();
    if (chunk.done) {
      done = true;
      break;
    }
    head.push(chunk.value);
    size += chunk.value.length;
  }
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async pull(controller) {
      const chunk = await reader.read();
      if (chunk.done) controller.close();
      else controller.enqueue(chunk.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { stream, small: done && size < minBytes };
}

/**
 * Compresses the app's own text responses on the fly by Accept-Encoding (brotli, else gzip),
 * with `Vary: Accept-Encoding`: API JSON from COMPRESSION_MIN_BYTES up, and any streamed text
 * (its length unknown). Leaves alone what is already encoded (the build's precompressed
 * files), partial content, `Cache-Control: no-transform`, and every non-text type.
 */
export function compressResponses(minBytes = COMPRESSION_MIN_BYTES): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const headers = res.headers;
    if (!res.body || res.status === 206 || res.status < 200 || res.status === 204 || res.status === 304) return;
    if (headers.has('Content-Encoding') || !isCompressibleType(headers.get('Content-Type'))) return;
    if (/\bno-transform\b/i.test(headers.get('Cache-Control') ?? '')) return;
    const length = headers.get('Content-Length');
    if (length !== null && Number(length) < minBytes) return;

    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    // c.json and c.html give no length: read up to the threshold to learn whether it is small.
    const body = length === null ? await peek(res.body, minBytes) : { stream: res.body, small: false };
    if (body.small || !encoding) {
      c.res = new Response(body.stream, res);
      if (!body.small) varyOnAcceptEncoding(c.res.headers);
      return;
    }
    // Hono copies the old headers onto a new c.res: adjust them after the assignment.
    c.res = new Response(body.stream.pipeThrough(compressor(encoding)), res);
    varyOnAcceptEncoding(c.res.headers);
    const out = c.res.headers;
    out.set('Content-Encoding', encoding);
    out.delete('Content-Length');
    // A strong validator names one representation; the compressed one is another.
    const etag = out.get('ETag');
    if (etag && !etag.startsWith('W/')) out.set('ETag', `W/${etag}`);
  };
}
