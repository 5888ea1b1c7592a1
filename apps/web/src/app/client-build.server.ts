import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The browser's build (dist/client), found from this module somewhere in dist/server; undefined in development. */
const clientDir = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++, dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'client');
    if (fs.existsSync(path.join(candidate, '.vite', 'manifest.json'))) return candidate;
  }
  return undefined;
})();

/** A file of the browser's build as text, by its URL path ('/assets/…'); undefined when there is none. */
export function clientBuildText(urlPath: string): string | undefined {
  if (!clientDir) return undefined;
  const file = path.join(clientDir, path.normalize(urlPath));
  return file.startsWith(clientDir + path.sep) && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}
