// Fails when source code cites a document that is not in this repository: the product
// specification and the provider notes Atelier was first built from. A reader of the code
// cannot open them, so a comment states the rule itself, in our words, where it is enforced
// (docs/ holds what is longer). Run by `npm run lint` and by `npm test`'s lint step.
import fs from 'node:fs';
import path from 'node:path';

const ROOTS = ['apps', 'packages', 'e2e', 'scripts'];
const SKIP = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  'build-output',
  'coverage',
  'test-results',
  'playwright-report',
  '.vite',
]);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
// Names of the outside documents, spelled so that this file does not match itself.
const OUTSIDE = new RegExp(`\\b(${['platform', 'tools', 'providers'].join('|')})\\.md\\b`);

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

const root = path.resolve(import.meta.dirname, '..');
const found = [];
for (const top of ROOTS) {
  const dir = path.join(root, top);
  if (!fs.existsSync(dir)) continue;
  for (const file of sourceFiles(dir)) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (OUTSIDE.test(line)) found.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
    });
  }
}

if (found.length > 0) {
  console.error('These lines cite a document that is not in the repository; state the rule itself instead:');
  for (const f of found) console.error(`  ${f}`);
  process.exit(1);
}
console.log('comments: no citation of documents outside the repository');
