// `npm run test:timings`: every Vitest file and Playwright spec with its duration, slowest first,
// from the reports the last run wrote (.tmp/test-reports: `npm test`, `npx vitest run` and
// `npx playwright test` write them). With --run it runs both suites first; --top N shortens the lists.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const reports = '.tmp/test-reports';
// --vitest/--playwright <file>: another run's reports (kept to compare before and after).
const vitestFile = option('--vitest', `${reports}/vitest-timings.json`);
const playwrightFile = option('--playwright', `${reports}/playwright.json`);
const top = Number(option('--top', Number.POSITIVE_INFINITY));

if (args.includes('--run')) {
  spawnSync('npx', ['vitest', 'run'], { stdio: 'inherit' });
  spawnSync('npx', ['playwright', 'test'], { stdio: 'inherit' });
}

const s = (ms) => (ms / 1000).toFixed(1).padStart(7);
const sum = (list, key) => list.reduce((total, item) => total + item[key], 0);

if (fs.existsSync(vitestFile)) {
  const files = JSON.parse(fs.readFileSync(vitestFile, 'utf8')).sort((a, b) => b.totalMs - a.totalMs);
  console.log(`\nVitest: ${files.length} files, ${s(sum(files, 'totalMs')).trim()} s of worker time`);
  console.log(
    `${'total s'.padStart(7)} ${'setup'.padStart(7)} ${'import'.padStart(7)} ${'hooks'.padStart(7)} ${'tests'.padStart(7)}  file (tests; slowest test)`,
  );
  for (const f of files.slice(0, top)) {
    const slowest = f.slowestTest ? `; ${(f.slowestTest.ms / 1000).toFixed(1)} s ${f.slowestTest.name}` : '';
    console.log(
      `${s(f.totalMs)} ${s(f.setupMs)} ${s(f.importMs)} ${s(f.hooksMs)} ${s(f.testsMs)}  [${f.project}] ${f.file} (${f.tests}${slowest})`,
    );
  }
} else {
  console.log(`(no ${vitestFile}: run the Vitest suite first, or pass --run)`);
}

/** Every test of a Playwright JSON report with its file and the durations of its attempts. */
function* playwrightTests(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      yield {
        file,
        title: spec.title,
        ms: test.results.reduce((total, r) => total + r.duration, 0),
        status: test.status,
      };
    }
  }
  for (const child of suite.suites ?? []) yield* playwrightTests(child, file);
}

if (fs.existsSync(playwrightFile)) {
  const report = JSON.parse(fs.readFileSync(playwrightFile, 'utf8'));
  const byFile = new Map();
  for (const suite of report.suites) {
    for (const test of playwrightTests(suite, suite.file)) {
      const entry = byFile.get(test.file) ?? { file: test.file, ms: 0, tests: 0, flaky: 0, slowest: undefined };
      entry.ms += test.ms;
      entry.tests += 1;
      if (test.status === 'flaky') entry.flaky += 1;
      if (!entry.slowest || test.ms > entry.slowest.ms) entry.slowest = test;
      byFile.set(test.file, entry);
    }
  }
  const files = [...byFile.values()].sort((a, b) => b.ms - a.ms);
  const wall = report.stats?.duration ?? 0;
  console.log(
    `\nPlaywright: ${files.length} specs, ${s(sum(files, 'ms')).trim()} s of worker time, ${s(wall).trim()} s wall, ` +
      `${report.stats?.flaky ?? 0} flaky, ${report.stats?.unexpected ?? 0} failed`,
  );
  console.log(`${'total s'.padStart(7)}  spec (tests; slowest test)`);
  for (const f of files.slice(0, top)) {
    const flaky = f.flaky ? `; ${f.flaky} flaky` : '';
    console.log(`${s(f.ms)}  ${f.file} (${f.tests}${flaky}; ${(f.slowest.ms / 1000).toFixed(1)} s ${f.slowest.title})`);
  }
} else {
  console.log(`\n(no ${playwrightFile}: run the Playwright suite first, or pass --run)`);
}
