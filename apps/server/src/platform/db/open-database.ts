import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { trackCommits } from './after-commit.ts';
import { lockDataDir } from './data-dir-lock.ts';
import type { Database, DatabaseHandle } from './database.ts';
import { migrationsFolder } from './migrations-folder.ts';
import * as schema from './schema/index.ts';
import { retryDelayMs } from './unavailable.ts';

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

/**
 * A connection that cannot be made in this time fails (and the request answers 503) instead
 * of waiting for a database that does not answer.
 */
const CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  releaseBrokenClients(pool);
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
    listen: (channel, onPayload, onResubscribed) => listener.listen(channel, onPayload, onResubscribed),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * A client that loses its connection (the server restarting, a network cut) emits 'error'.
 * The pool listens only while the client is idle, and an unheard 'error' ends the process: so
 * every client gets a listener for its whole life. A client checked out at that moment is
 * given back to the pool as broken (and discarded) at once, since its holder may never give it
 * back — drizzle does not release a client whose BEGIN failed, and a few such leaks leave the
 * pool with no connection to lend, long after the database has returned. The holder's own
 * release afterwards does nothing, and its queries fail by themselves.
 */
function releaseBrokenClients(pool: pg.Pool) {
  const lent = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => lent.add(client));
  pool.on('release', (_err, client) => lent.delete(client));
  pool.on('connect', (client) => {
    client.on('error', () => {
      const c = client as pg.PoolClient;
      if (!lent.has(c)) return; // idle: the pool drops it itself
      const release = c.release;
      c.release = () => {};
      release.call(c, true);
    });
  });
  pool.on('error', () => {});
}

interface Subscriber {
  onPayload: (payload: string) => void;
  onResubscribed: (() => void) | undefined;
}

/**
 * One connection held open for LISTEN, shared by every channel of a handle, opened on first
 * use. When it is lost (the database restarted, the network cut it) it is opened again with a
 * backoff, every channel is listened to again, and subscribers are told: notifications sent
 * meanwhile were missed, so they re-read what they watch.
 */
class PostgresListener {
  private client: pg.Client | undefined;
  /** The channels the current connection listens to. */
  private listened = new Set<string>();
  /** Settles once a connection attempt (first use, or after a loss) has ended. */
  private connected: Promise<void> | undefined;
  private readonly channels = new Map<string, Set<Subscriber>>();
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(private readonly url: string) {}

  /** Connects and listens to every channel; a failure schedules the next attempt. */
  private connect(attempt: number): Promise<void> {
    this.connected ??= (async () => {
      const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      client.on('notification', (msg) => {
        for (const s of this.channels.get(msg.channel) ?? []) s.onPayload(msg.payload ?? '');
      });
      // 'error' and 'end' may both come for one loss: only the first schedules a reconnection.
      let lost = false;
      const onLost = () => {
        if (lost) return;
        lost = true;
        if (this.client === client) this.client = undefined;
        this.connected = undefined;
        client.end().catch(() => {});
        this.scheduleReconnect(attempt + 1);
      };
      client.on('error', onLost);
      client.on('end', onLost);
      try {
        await client.connect();
        if (this.closed) throw new Error('closed');
        this.client = client;
        this.listened = new Set();
        for (const channel of this.channels.keys()) await this.listenOn(client, channel);
      } catch {
        onLost();
        return;
      }
      if (attempt > 0) for (const set of this.channels.values()) for (const s of set) s.onResubscribed?.();
      // Listening again: a later loss starts its backoff from the shortest wait.
      attempt = 0;
    })();
    return this.connected;
  }

  private async listenOn(client: pg.Client, channel: string) {
    if (this.listened.has(channel)) return;
    this.listened.add(channel);
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  }

  private scheduleReconnect(attempt: number) {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(
      () => {
        this.reconnectTimer = undefined;
        void this.connect(attempt);
      },
      retryDelayMs(attempt - 1),
    );
    this.reconnectTimer.unref();
  }

  /**
   * Subscribes at once; the LISTEN itself follows as soon as the database answers (the
   * returned promise waits for the first attempt only, never for an outage).
   */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResubscribed?: () => void,
  ): Promise<() => Promise<void>> {
    const subscriber: Subscriber = { onPayload, onResubscribed };
    const set = this.channels.get(channel) ?? new Set();
    this.channels.set(channel, set);
    set.add(subscriber);
    if (!this.client && !this.reconnectTimer) await this.connect(0);
    const client = this.client;
    // A failure here is a lost connection: its reconnection listens to every channel.
    if (client) await this.listenOn(client, channel).catch(() => {});
    return async () => {
      set.delete(subscriber);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    if (client) await client.end().catch(() => {});
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
      // One process, no connection to lose: nothing to subscribe again.
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
