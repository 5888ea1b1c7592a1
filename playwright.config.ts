import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { FAKE_APPLE_CLIENT_ID, FAKE_APPLE_CLIENT_SECRET } from './e2e/fakes/fake-apple-client.ts';
import { E2E_ADMIN_EMAILS } from './e2e/support/accounts.ts';
import { testChromium } from './e2e/support/chromium.ts';
import { E2E_WORKERS, e2eApplePort, e2eDataDir, e2eServerPort } from './e2e/support/servers.ts';

// Browser tests drive the built app (npm run build) in Debian's Chromium (e2e/support/chromium.ts);
// no browser download.
/** One entry of the config's webServer list. */
type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

const slots = Array.from({ length: E2E_WORKERS }, (_, index) => index);

/** A worker slot's fake Apple and Atelier server (e2e/support/servers.ts). */
const serversOf = (index: number): WebServer[] => {
  const port = e2eServerPort(index);
  const appleIssuer = `http://127.0.0.1:${e2eApplePort(index)}`;
  return [
    {
      command: 'node --import tsx e2e/fakes/serve-fake-apple.ts',
      url: `${appleIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_APPLE_PORT: String(e2eApplePort(index)), APP_URL: `http://localhost:${port}` },
    },
    {
      command: `rm -rf ${e2eDataDir(index)} && node apps/server/dist/main.js`,
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: e2eDataDir(index),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        PUBLIC_URL: `http://localhost:${port}`,
        APPLE_CLIENT_ID: FAKE_APPLE_CLIENT_ID,
        APPLE_CLIENT_SECRET: FAKE_APPLE_CLIENT_SECRET,
        APPLE_ISSUER: appleIssuer,
        ADMIN_EMAILS: E2E_ADMIN_EMAILS.join(','),
        // The suite signs up a few hundred people from one address in minutes.
        SIGN_UPS_PER_CLIENT_PER_HOUR: '10000',
        SIGN_UPS_PER_DOMAIN_PER_WINDOW: '10000',
      },
    },
  ];
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A spec's tests run in order in one worker (some build on what an earlier one made); the
  // specs are spread over the workers, each with a server of its own.
  fullyParallel: false,
  workers: E2E_WORKERS,
  // No second try: a test that passes only when retried is a bug in the test or the app.
  retries: 0,
  // The JSON report is what `npm run test:timings` reads.
  reporter: [['list'], ['json', { outputFile: '.tmp/test-reports/playwright.json' }]],
  use: {
    // This worker's own server (in the runner process: the first one's).
    baseURL: `http://localhost:${e2eServerPort()}`,
    launchOptions: {
      executablePath: testChromium(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
  },
  webServer: slots.flatMap(serversOf),
});
