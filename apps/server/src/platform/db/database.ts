import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

/** One type for both drivers: PGlite embedded and PostgreSQL through `pg`. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A database transaction handle; services take `Database | Transaction` where they may run inside one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Runs raw SQL with positional parameters ($1, $2 …) — for pg-boss and health checks.
   * Without parameters the text may hold several statements (rows of the last one), as with `pg`.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /**
   * LISTEN on a channel; resolves to a function that stops listening. PostgreSQL uses one
   * dedicated connection per handle, opened again with a backoff whenever it is lost; then
   * `onResubscribed` is called, as notifications may have been missed meanwhile. PGlite
   * delivers NOTIFY within its (single) process.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResubscribed?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
