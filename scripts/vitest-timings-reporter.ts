// A Vitest reporter that writes, for every test file, where its time went: importing it (and what
// it imports), its hooks (beforeAll/afterAll: databases, runtimes, servers) and its tests. Read by
// scripts/test-timings.mjs; `npm test` writes it on every run.
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTiming {
  project: string;
  file: string;
  /** From the worker taking the file to its last hook's end, in ms. */
  totalMs: number;
  /** The environment (jsdom …), the runner and setup files. */
  setupMs: number;
  /** Importing the file and everything it imports, and running its describe callbacks. */
  importMs: number;
  /** beforeAll/afterAll and other hooks outside the tests. */
  hooksMs: number;
  testsMs: number;
  tests: number;
  slowestTest: { name: string; ms: number } | undefined;
}

export default class TimingsReporter implements Reporter {
  private readonly files: FileTiming[] = [];

  constructor(private readonly options: { outputFile?: string } = {}) {}

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    let testsMs = 0;
    let tests = 0;
    let slowestTest: FileTiming['slowestTest'];
    for (const test of module.children.allTests()) {
      const ms = test.diagnostic()?.duration ?? 0;
      testsMs += ms;
      tests += 1;
      if (!slowestTest || ms > slowestTest.ms) slowestTest = { name: test.fullName, ms };
    }
    const setupMs = d.environmentSetupDuration + d.prepareDuration + d.setupDuration;
    this.files.push({
      project: module.project.name,
      file: path.relative(process.cwd(), module.moduleId),
      totalMs: Math.round(setupMs + d.collectDuration + d.duration),
      setupMs: Math.round(setupMs),
      importMs: Math.round(d.collectDuration),
      hooksMs: Math.round(Math.max(0, d.duration - testsMs)),
      testsMs: Math.round(testsMs),
      tests,
      slowestTest: slowestTest && { name: slowestTest.name, ms: Math.round(slowestTest.ms) },
    });
  }

  onTestRunEnd() {
    const file = this.options.outputFile ?? '.tmp/test-reports/vitest-timings.json';
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(this.files, null, 2)}\n`);
  }
}
