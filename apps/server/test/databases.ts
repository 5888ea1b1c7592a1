import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import type { DatabaseHandle } from '../src/platform/db/database.ts';
import { openDatabase } from '../src/platform/db/open-database.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each. */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh, migrated, empty database of the given kind. On PostgreSQL each one is its own
 * database (created here and dropped on close), so test files never see each other's rows.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle & { url?: string }> {
  if (kind === 'pglite') {
    const template = process.env.ATELIER_PGLITE_TEMPLATE;
    return openDatabase({
      pgliteDir: 'memory://',
      ...(template ? { pgliteLoadDataDir: new Blob([fs.readFileSync(template)]) } : {}),
    });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `atelier_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    ...handle,
    // For a second process (the worker) on the same database.
    url: url.toString(),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
