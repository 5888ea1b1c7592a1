import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { trackCommits } from './after-commit.ts';
import { lockDataDir } from './data-dir-lock.ts';
import type { Database, DatabaseHandle } from './database.ts';
import { migrationsFolder } from './migrations-folder.ts';
import * as schema from './schema/index.ts';

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; without it PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** PGlite data to start from (a dump of an already migrated database, for fast tests). */
  pgliteLoadDataDir?: Blob;
  poolSize?: number;
}

/** Migrations run under this advisory lock so that several processes can start at once. */
const MIGRATION_LOCK_ID = 727_001;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection (server restart, admin termination) emits an
  // error on the pool; unhandled, it would crash the process. The pool drops that client and
  // connects a new one on the next query, so there is nothing else to do here.
  pool.on('error', () => {});
  const db = trackCommits(drizzlePg(pool, { schema }) as unknown as Database);
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
  const listener = new PostgresListener(url);
  return {
    db,
    kind: 'postgres',
    query: async (text, params) => {
      const res = await pool.query(text, params as unknown[]);
      return { rows: res.rows };
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/** One connection held open for LISTEN, shared by every channel of a handle, opened on first use. */
class PostgresListener {
  private connecting: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();

  constructor(private readonly url: string) {}

  private connect(): Promise<pg.Client> {
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', (msg) => {
        for (const handler of this.handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
      });
      // A lost LISTEN connection is not fatal: subscribers fall back to polling.
      client.on('error', () => {});
      await client.connect();
      return client;
    })();
    return this.connecting;
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const client = await this.connect();
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    set.add(onPayload);
    return async () => {
      set.delete(onPayload);
    };
  }

  async close(): Promise<void> {
    if (this.connecting) await (await this.connecting).end().catch(() => {});
  }
}

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const dir = options.pgliteDir ?? 'memory://';
  const inMemory = dir.startsWith('memory://');
  const release = inMemory ? () => {} : lockDataDir(path.dirname(path.resolve(dir)));
  try {
    const client = await PGlite.create(inMemory ? dir : path.resolve(dir), {
      ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
    });
    const db = trackCommits(drizzlePglite(client, { schema }) as unknown as Database);
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
    return {
      db,
      kind: 'pglite',
      query: async (text, params) => {
        // PGlite's query() is one prepared statement; exec() runs a script (pg-boss's migrations).
        if (!params?.length) return { rows: ((await client.exec(text)).at(-1)?.rows ?? []) as never[] };
        const res = await client.query(text, params as unknown[]);
        return { rows: res.rows as never[] };
      },
      listen: async (channel, onPayload) => {
        const unlisten = await client.listen(channel, onPayload);
        return () => unlisten();
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
