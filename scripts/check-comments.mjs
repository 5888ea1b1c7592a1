// Fails when a comment or a document cites what its reader cannot open: the product
// specification and the provider notes Atelier was first built from, their sections, the
// task descriptions the work came in, and the tracker's numbered issues. A reader of the code
// cannot follow any of them, so a comment states the rule itself, in our words, where it is
// enforced (docs/ holds what is longer), and a document says the reason instead of where it
// came from. Checks the source and markdown files under apps/, packages/, e2e/, scripts/ and
// examples/, the markdown files under docs/, and README.md. A link to a third-party project's
// issue (an address such as github.com/owner/name/issues/123) is fine: it can be opened.
// Run by `npm run lint` and by `npm test`'s lint step.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOTS = ['apps', 'packages', 'e2e', 'scripts', 'examples', 'docs'];
const FILES = ['README.md'];
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
const MARKDOWN = /\.md$/;
// This file names what it looks for.
const SELF = fileURLToPath(import.meta.url);

const RULES = [
  {
    // platform.md, tools.md, providers.md, DESIGN.md, and their sections ("DESIGN §5").
    name: 'an outside document',
    pattern: /\b(platform|tools|providers|DESIGN)(\.md\b|,? ?§)/,
  },
  {
    // A section of the specification: "spec §3", "the specification's §4".
    name: 'a section of the specification',
    pattern: /\bspec(ification)?('s)?,? ?§/i,
  },
  {
    // "issue 15", "Issue #28", "issues 12 and 14", "issue 32's"; not "issuer", not an
    // address's "/issues/123", not "issue-15a" (a branch name).
    name: 'a numbered issue',
    pattern: /(?<![/\w-])issues?\s*#?\d/i,
  },
  {
    // The task description a change came in: "as the brief says", "(the brief)"; not "the
    // brief pause".
    name: 'the task description',
    pattern: /\bthe brief('s)?(?=\s*([.,;:)]|$|says|said|asks|asked|names|named|wants|calls|called)\b)/i,
  },
  {
    // "as named in the spec", "named in the specification": say what the name means instead.
    name: 'a name from the specification',
    pattern: /\b(named|called)( as)? in the spec(ification)?\b/i,
  },
];

function* checkedFiles(dir, top) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (full === SELF) continue;
    if (entry.isDirectory()) yield* checkedFiles(full, top);
    else if (MARKDOWN.test(entry.name) || (top !== 'docs' && SOURCE.test(entry.name))) yield full;
  }
}

/** Every line of `text` that breaks a rule, as `{ line, rule }` (line numbers from 1). */
export function citations(text) {
  const found = [];
  text.split('\n').forEach((line, i) => {
    const rule = RULES.find((r) => r.pattern.test(line));
    if (rule) found.push({ line: i + 1, rule: rule.name, text: line.trim() });
  });
  return found;
}

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const files = FILES.map((f) => path.join(root, f)).filter((f) => fs.existsSync(f));
  for (const top of ROOTS) {
    const dir = path.join(root, top);
    if (fs.existsSync(dir)) files.push(...checkedFiles(dir, top));
  }
  const found = [];
  for (const file of files) {
    for (const c of citations(fs.readFileSync(file, 'utf8'))) {
      found.push(`${path.relative(root, file)}:${c.line}: cites ${c.rule}: ${c.text}`);
    }
  }
  if (found.length > 0) {
    console.error('These lines cite what a reader cannot open; state the rule or the reason itself instead:');
    for (const f of found) console.error(`  ${f}`);
    process.exit(1);
  }
  console.log('comments: no citation of issues, task descriptions or documents outside the repository');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
