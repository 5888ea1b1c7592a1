import { defineConfig } from 'vitest/config';
import { preactTestAliases, reactLibraryFiles } from './apps/web/preact-aliases.ts';

// One runner for unit and integration tests of every workspace; browser tests are Playwright's (e2e/).
export default defineConfig({
  test: {
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
        // The server-rendering tests load the web app's renderer from source: on Preact, as it is built (ADR 0021).
        resolve: { alias: preactTestAliases },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          server: { deps: { inline: [reactLibraryFiles] } },
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
