/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The home page's before/after pictures, made at build time by the local engines from the
 * bundled sample photos (apps/server/src/engines/local/showcase/make-showcase.ts), so what the
 * page shows is what Atelier's own engines do. The build writes them under
 * /assets/showcase/ and gives the page their names and sizes as __HOME_SHOWCASE__ (one JSON
 * value, as the page needs them while rendering on the server too). The engines take about a
 * minute, so their output is kept in node_modules/.cache, keyed by every file that shapes it.
 */
/** apps/web, the folder above this one. */
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(here, '../..');
const samples = path.join(here, 'src/features/tools/samples');
const enginesDir = path.join(root, 'apps/server/src/engines');
const generator = path.join(enginesDir, 'local/showcase/make-showcase.ts');
/** Where the page finds the files. */
const PUBLIC_FOLDER = 'assets/showcase';

interface Picture {
  file: string;
  width: number;
  height: number;
}
interface Pair {
  tool: string;
  before: Picture;
  after: Picture;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The engines' output for these samples and this code: made once, then read from the cache. */
function showcaseFolder(): string {
  const hash = createHash('sha256');
  // The sample photos and masks (not the code beside them that offers them on the tool pages).
  const photos = fs.readdirSync(samples).filter((name) => !/\.tsx?$/.test(name));
  for (const file of [...photos.map((name) => path.join(samples, name)), ...sourceFiles(enginesDir)])
    hash.update(file).update(fs.readFileSync(file));
  const folder = path.join(here, 'node_modules/.cache/home-showcase', hash.digest('hex').slice(0, 16));
  if (!fs.existsSync(path.join(folder, 'showcase.json'))) {
    fs.rmSync(folder, { recursive: true, force: true });
    execFileSync(process.execPath, ['--import', 'tsx', generator, samples, folder], { cwd: root, stdio: 'inherit' });
  }
  return folder;
}

export function homeShowcase({ emit }: { emit: boolean }): Plugin {
  let folder = '';
  let pairs: Pair[] = [];
  return {
    name: 'atelier-home-showcase',
    config() {
      folder = showcaseFolder();
      pairs = JSON.parse(fs.readFileSync(path.join(folder, 'showcase.json'), 'utf8')) as Pair[];
      // [hash, width, height]: the page builds /assets/showcase/<tool>-<before|after>-<hash>.webp.
      const short = ({ file, width, height }: Picture) => [file.replace(/^.*-|\.webp$/g, ''), width, height];
      const pictures = pairs.map((pair) => ({ tool: pair.tool, before: short(pair.before), after: short(pair.after) }));
      return { define: { __HOME_SHOWCASE__: JSON.stringify(pictures) } };
    },
    // `vite dev`: answer the files from the cache.
    configureServer(server) {
      server.middlewares.use(`/${PUBLIC_FOLDER}/`, (request, response, next) => {
        const file = path.join(folder, path.basename(request.url ?? ''));
        if (!file.endsWith('.webp') || !fs.existsSync(file)) return next();
        response.setHeader('Content-Type', 'image/webp');
        response.end(fs.readFileSync(file));
      });
    },
    generateBundle() {
      if (!emit) return;
      for (const pair of pairs)
        for (const picture of [pair.before, pair.after])
          this.emitFile({
            type: 'asset',
            fileName: `${PUBLIC_FOLDER}/${picture.file}`,
            source: fs.readFileSync(path.join(folder, picture.file)),
          });
    },
  };
}
