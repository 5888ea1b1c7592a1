import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { testResolveFromSource } from './apps/web/build/source-condition.ts';

// One runner for unit and integration tests of every workspace; browser tests are Playwright's (e2e/).
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: a single worker on a
    // 2-core machine. The integration tests spend much of their time waiting (on PostgreSQL,
    // child processes, timers), so one worker per core keeps both cores busy.
    maxWorkers: Math.max(2, os.availableParallelism()),
    // Every file's timings for `npm run test:timings` (scripts/vitest-timings-reporter.ts).
    reporters: ['default', './scripts/vitest-timings-reporter.ts'],
    projects: [
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The server-rendering tests load the web app's renderer (React DOM's) from source, and
        // @atelier/api-client from its source too.
        ...testResolveFromSource,
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          // A worker runs its files one after another in one module graph, as Vitest allows when
          // tests keep no state in modules (every runtime and database is the test's own). The
          // server's modules, onnxruntime and a loaded model's session then load once per worker,
          // not once per file (Vitest's own guidance on speeding up a suite: isolate false).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
