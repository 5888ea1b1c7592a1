// `npm test`: lints and type-checks, lints the API document, builds the app, runs every Vitest project (unit +
// integration on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set), then the Playwright
// browser tests when a Chromium is found. Each runner prints its own summary lines; the exit code is non-zero if any failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const results = [];
const step = (name, fn) => {
  console.log(`\n=== ${name} ===`);
  const status = fn();
  results.push({ name, status });
  return status;
};

step('lint', () => run('npx', ['biome', 'check', '.']));
step('comments', () => run('node', ['scripts/check-comments.mjs']));
step('typecheck', () => run('npm', ['run', 'typecheck', '--silent']));
// The checked-in API document against Redocly's recommended rules (redocly.yaml); a Vitest test
// checks that the document and the client generated from it are current.
step('api document lint', () =>
  run('npx', ['redocly', 'lint', '--format=summary'], { REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' }),
);
// The same documents against Spectral's OpenAPI rules (.spectral.yaml): a warning fails too.
step('api document lint (spectral)', () =>
  run('npx', [
    'spectral',
    'lint',
    '--fail-severity=warn',
    'packages/api-client/openapi.json',
    'packages/api-client/admin-openapi.json',
  ]),
);
if (step('build', () => run('npm', ['run', 'build', '--silent'])) !== 0) process.exit(1);

step('vitest', () => run('npx', ['vitest', 'run']));
if (!process.env.TEST_DATABASE_URL) {
  console.log('(TEST_DATABASE_URL is not set: database tests ran on PGlite only)');
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) {
  step('playwright', () => run('npx', ['playwright', 'test']));
} else {
  console.log(`\n(no Chromium at ${chromium}: browser tests skipped; set CHROMIUM_PATH)`);
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${r.name}`);
process.exit(results.some((r) => r.status !== 0) ? 1 : 0);
