/// <reference types="node" />
// Imports in the web app run one way: app → features → components/ and lib/. A feature uses
// another feature only through that feature's public file (`features/<name>/index.ts`), never a
// file inside it. components/ and lib/ are below every feature: they import no feature and not
// the app layer (what shows a feature's data, like the header's balance, belongs to the app
// layer or to the feature). The app layer (src/app/, main.tsx, entry-server.tsx) composes
// features and may import any of their files (routes name page modules; the server renderer
// prefetches their queries). Run by `npm run lint`; a web unit test runs it too.
// docs/web-app.md ("The web app's folders") explains the rule.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Relative specifiers in static imports, `export … from` and dynamic `import()`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)'(\.{1,2}\/[^']+)'/gm;
const PUBLIC_FILES = new Set(['index.ts', 'index.tsx']);

/** The shared layers: below every feature, so they import none (and not the app layer). */
const SHARED = new Set(['components', 'lib']);

/** Why `importer` may not import `target` (both relative to apps/web/src), or null if it may. */
export function crossFeatureProblem(importer: string, target: string): string | null {
  const [top, feature, ...rest] = target.split('/');
  const [from, fromFeature] = importer.split('/');
  if (SHARED.has(from!) && (top === 'features' || top === 'app')) {
    return `${importer} imports ${target}: components/ and lib/ import no feature and not the app layer (move what composes features into src/app/ or the feature)`;
  }
  if (top !== 'features' || !feature || rest.length === 0) return null;
  if (from === 'features' && fromFeature === feature) return null;
  if (from !== 'features') return null;
  if (rest.length === 1 && PUBLIC_FILES.has(rest[0]!)) return null;
  return `${importer} imports ${target}: use features/${feature}/index.ts (export it there if it is meant for others)`;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

/** Every import under `src` (apps/web/src) that breaks the rule, one line each. */
export function featureImportProblems(src: string): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(src)) {
    const importer = path.relative(src, file).split(path.sep).join('/');
    for (const match of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = path
        .relative(src, path.resolve(path.dirname(file), match[1]!))
        .split(path.sep)
        .join('/');
      const problem = crossFeatureProblem(importer, target);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src');
  const problems = featureImportProblems(src);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} import(s) run the wrong way (docs/web-app.md, "The web app's folders").`);
    process.exit(1);
  }
}
