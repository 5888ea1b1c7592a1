import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import type { Database } from '../../platform/db/database.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { notFound } from '../../platform/http/app-error.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { mayReadRunFile } from '../runs/repo.ts';
import { runFileOwner } from '../runs/storage-keys.ts';

/** Key prefixes anyone may read; everything else needs an access rule added here. */
const PUBLIC_PREFIXES = ['avatars/'];
/** Public files are stored under fresh random keys and never change, so caches may keep them. */
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
/** A run's files never change either, but only the owner's browser may keep them. */
const PRIVATE_CACHE = 'private, max-age=31536000, immutable';

/**
 * GET /files/<key>: stored files (an unknown or forbidden one: the API's JSON 404). Avatars are public. Other kinds (run results, artworks)
 * get their owner checks here as their modules add them; until then they are not served.
 */
export function fileRoutes(storage: Storage, db: Database) {
  return new Hono<AppEnv>().get('/*', async (c) => {
    const key = decodeURIComponent(c.req.path.replace(/^\/files\//, ''));
    // A run's inputs and outputs: only their owner may read them — a team run's, the team's
    // members now — and anyone else gets a 404.
    const runOwner = runFileOwner(key);
    if (runOwner !== undefined) {
      const user = await c.get('getSessionUser')(c.req.raw.headers);
      if (!user || !(await mayReadRunFile(db, key, runOwner, user.id))) throw notFound('File');
    } else if (!PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix))) throw notFound('File');
    let file: Awaited<ReturnType<Storage['get']>>;
    try {
      file = await storage.get(key);
    } catch {
      throw notFound('File'); // an invalid key (../ and such)
    }
    if (!file) throw notFound('File');
    const body = file.body;
    c.header('Content-Type', file.contentType);
    c.header('Content-Length', String(file.size));
    c.header('Cache-Control', runOwner === undefined ? PUBLIC_CACHE : PRIVATE_CACHE);
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    return stream(c, async (s) => {
      for await (const chunk of body) await s.write(chunk as Uint8Array);
    });
  });
}
