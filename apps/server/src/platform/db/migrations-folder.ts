import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Finds `apps/server/drizzle` from the source tree or from the built bundle in `dist/`. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Database migrations folder (drizzle/) not found');
}
