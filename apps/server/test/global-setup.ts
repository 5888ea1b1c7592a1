import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../src/platform/db/migrations-folder.ts';

/**
 * Creating a PGlite database takes seconds; loading a dump takes well under one. The migrated
 * template is made once per test run and every test database starts from a copy of it.
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
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
