// `npm test`: lints and type-checks, lints the API document, builds the app, runs every Vitest project (unit +
// integration on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set), then the Playwright
// browser tests when a Chromium is found. Each runner prints its own summary lines; the exit code is non-zero if any failed.
// The checks and the build do not depend on each other (the type-checker reads the workspace
// packages' sources, not their builds): they run side by side, each one's output printed whole
// when it ends. The test runners come after, one at a time, as each uses every core itself.
// Both runners write their timings to .tmp/test-reports (`npm run test:timings` lists them).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** Runs a command with its output collected; resolves with its exit status and output. */
const capture = (cmd, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, FORCE_COLOR: '1', ...env } });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ status: code ?? 1, output }));
  });

/** Runs a command with the terminal as its output (the test runners report as they go). */
const inherit = (cmd, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve({ status: 1 }));
    child.on('close', (code) => resolve({ status: code ?? 1 }));
  });

const results = [];
const record = (name, status, started) => {
  const seconds = Math.round((performance.now() - started) / 1000);
  results.push({ name, status, seconds });
  return status;
};

// `npm run typecheck` is one `tsc -p` per project, one after another: here each is a step of its
// own, so the type-checks share the lanes with the build instead of being the longest one.
const typechecks = JSON.parse(fs.readFileSync('package.json', 'utf8'))
  .scripts.typecheck.split('&&')
  .map((command) => command.trim().split(/\s+/))
  .map(([cmd, ...args]) => ({ name: `typecheck ${args.at(-1)}`, cmd: 'npx', args: [cmd, ...args] }));

const checks = [
  { name: 'build', cmd: 'npm', args: ['run', 'build', '--silent'] },
  ...typechecks,
  { name: 'lint', cmd: 'npx', args: ['biome', 'check', '.'] },
  { name: 'comments', cmd: 'node', args: ['scripts/check-comments.mjs'] },
  // The checked-in API document against Redocly's recommended rules (redocly.yaml); a Vitest test
  // checks that the document and the client generated from it are current.
  {
    name: 'api document lint',
    cmd: 'npx',
    args: ['redocly', 'lint', '--format=summary'],
    env: { REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
  },
  // The same documents against Spectral's OpenAPI rules (.spectral.yaml): a warning fails too.
  {
    name: 'api document lint (spectral)',
    cmd: 'npx',
    args: [
      'spectral',
      'lint',
      '--fail-severity=warn',
      'packages/api-client/openapi.json',
      'packages/api-client/admin-openapi.json',
    ],
  },
];

// One more than the cores: these steps wait on the disk and on npx's start-up now and then.
const lanes = Math.max(2, os.availableParallelism() + 1);
const queue = [...checks];
const started = performance.now();
console.log(`\n=== ${checks.map((c) => c.name).join(', ')} (${lanes} at a time) ===`);
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const at = performance.now();
      const { status, output } = await capture(check.cmd, check.args, check.env);
      console.log(`\n=== ${check.name} ===\n${output.trimEnd()}`);
      record(check.name, status, at);
    }
  }),
);
console.log(`\n(checks and build: ${Math.round((performance.now() - started) / 1000)} s)`);
// Tests of a build that failed would test something else.
if (results.find((r) => r.name === 'build')?.status !== 0) {
  console.log('\nbuild failed: no tests run');
  process.exit(1);
}

const step = async (name, cmd, args) => {
  console.log(`\n=== ${name} ===`);
  const at = performance.now();
  return record(name, (await inherit(cmd, args)).status, at);
};

await step('vitest', 'npx', ['vitest', 'run']);
if (!process.env.TEST_DATABASE_URL) {
  console.log('(TEST_DATABASE_URL is not set: database tests ran on PGlite only)');
}

// The browsers Playwright may use, as e2e/support/chromium.ts picks them.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if ([chromium, '/usr/bin/chromium-headless-shell'].some((path) => fs.existsSync(path))) {
  await step('playwright', 'npx', ['playwright', 'test']);
} else {
  console.log(`\n(no Chromium at ${chromium}: browser tests skipped; set CHROMIUM_PATH)`);
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
process.exit(results.some((r) => r.status !== 0) ? 1 : 0);
