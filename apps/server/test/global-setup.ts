import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../src/platform/db/migrations-folder.ts';
import { openDatabase } from '../src/platform/db/open-database.ts';
import { testDatabaseName } from './support/databases.ts';

/**
 * Creating a PGlite database takes seconds; loading a dump takes well under one. The migrated
 * template is made once per test run and every test database starts from a copy of it. On
 * PostgreSQL likewise: one database is migrated here, and every test database is created as a
 * copy of it (CREATE DATABASE … TEMPLATE), which is about half the time of migrating each.
 */
export default async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-pglite-'));
  const client = await PGlite.create('memory://');
  await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.ATELIER_PGLITE_TEMPLATE = file;
  const dropPostgresTemplate = await migratePostgresTemplate();
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await dropPostgresTemplate();
  };
}

async function migratePostgresTemplate(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return async () => {};
  const name = testDatabaseName(`template_${randomBytes(6).toString('hex')}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Migrated, then closed: a database can be copied only while nobody is connected to it.
  await (await openDatabase({ databaseUrl: url.toString(), poolSize: 1 })).close();
  process.env.ATELIER_POSTGRES_TEMPLATE = name;
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
