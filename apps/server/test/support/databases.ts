import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import type { DatabaseHandle } from '../../src/platform/db/database.ts';
import { openDatabase } from '../../src/platform/db/open-database.ts';

/** A test database's name: TEST_DATABASE_PREFIX (atelier_test unless set) and `suffix`. */
export const testDatabaseName = (suffix: string) => `${process.env.TEST_DATABASE_PREFIX ?? 'atelier_test'}_${suffix}`;

/**
 * A copy of the migrated template the global setup made (ATELIER_POSTGRES_TEMPLATE), or an
 * empty database without one (a file run outside the server project). PostgreSQL refuses a
 * copy while another session is connected to the template (55006, object_in_use): only
 * another CREATE DATABASE reading it, a moment later done, so that one is tried again.
 */
async function createDatabase(admin: pg.Client, name: string) {
  const template = process.env.ATELIER_POSTGRES_TEMPLATE;
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}

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
  const name = testDatabaseName(randomBytes(6).toString('hex'));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await createDatabase(admin, name);
  } finally {
    await admin.end();
  }
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
