import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { chooseEncoding, type Encoding, varyOnAcceptEncoding } from './accept-encoding.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.onnx': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export const contentTypeOfFile = (file: string) => TYPES[path.extname(file)] ?? 'application/octet-stream';

/** The build's siblings (apps/web/build/precompress-assets.ts): `<file>.br`, `<file>.gz`. */
const SIBLING: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

export const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Variant {
  path: string;
  size: number;
  etag: string;
}

/**
 * What is known of one built file: which compressed siblings exist and each representation's
 * ETag (a hash of its bytes, so a rebuild with the same output keeps it). The build does not
 * change under a running server, so this is read once per file.
 */
interface FileEntry {
  identity: Variant;
  encoded: Partial<Record<Encoding, Variant>>;
}

async function variantOf(file: string): Promise<Variant | null> {
  const data = await fsp.readFile(file).catch(() => null);
  if (!data) return null;
  const hash = createHash('sha256').update(data).digest('base64url').slice(0, 27);
  return { path: file, size: data.length, etag: `"${hash}"` };
}

/** Does an If-None-Match header name this ETag (weak comparison, RFC 9110 §13.1.2)? */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Serves the files of a built directory: each from its brotli or gzip sibling when the client
 * accepts one (with `Vary: Accept-Encoding`), with an ETag and a 304 on If-None-Match, and
 * the Cache-Control the caller chooses (immutable for hashed files, revalidation otherwise).
 */
export function staticFiles() {
  const entries = new Map<string, Promise<FileEntry | null>>();

  async function load(file: string): Promise<FileEntry | null> {
    const identity = await variantOf(file);
    if (!identity) return null;
    const encoded: FileEntry['encoded'] = {};
    for (const encoding of Object.keys(SIBLING) as Encoding[]) {
      const variant = await variantOf(file + SIBLING[encoding]);
      if (variant) encoded[encoding] = variant;
    }
    return { identity, encoded };
  }

  /** Answers the file, or null when it is not there. `file` must already be inside the root. */
  return async function serve(
    c: Context,
    file: string,
    headers: { cacheControl: string; extra?: Record<string, string> },
  ): Promise<Response | null> {
    let entry = entries.get(file);
    if (!entry) {
      entry = load(file);
      entries.set(file, entry);
    }
    const found = await entry;
    if (!found) {
      entries.delete(file); // it may be written later (a build under a dev server)
      return null;
    }
    const available = Object.keys(found.encoded) as Encoding[];
    const encoding = chooseEncoding(c.req.header('accept-encoding'), available);
    const variant = encoding ? found.encoded[encoding]! : found.identity;
    // The ETag names the representation: a cache must not answer gzip for a brotli request.
    const etag = encoding ? `${variant.etag.slice(0, -1)}-${encoding}"` : variant.etag;

    const out = new Headers({
      'Content-Type': contentTypeOfFile(file),
      'Cache-Control': headers.cacheControl,
      ETag: etag,
      ...headers.extra,
    });
    if (available.length > 0) varyOnAcceptEncoding(out);
    if (matchesEtag(c.req.header('if-none-match'), etag)) {
      out.delete('Content-Type');
      return new Response(null, { status: 304, headers: out });
    }
    if (encoding) out.set('Content-Encoding', encoding);
    out.set('Content-Length', String(variant.size));
    const body = c.req.method === 'HEAD' ? null : await fsp.readFile(variant.path);
    return new Response(body, { status: 200, headers: out });
  };
}
