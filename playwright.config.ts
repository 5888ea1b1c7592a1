import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { FAKE_APPLE_CLIENT_ID, FAKE_APPLE_CLIENT_SECRET } from './e2e/fakes/fake-apple-client.ts';
import { E2E_ADMIN_EMAILS } from './e2e/support/accounts.ts';

// Browser tests drive the built app (npm run build) in Debian's Chromium; no browser download.
const port = Number(process.env.E2E_PORT ?? 3210);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Sign in with Apple goes to a local stand-in (e2e/fakes/fake-apple.ts) 100 ports up.
const applePort = port + 100;
const appleIssuer = `http://127.0.0.1:${applePort}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One more try for a test that failed: a timing-sensitive browser test (layout shift, colour
  // transitions) on a busy 2-core machine; a real failure fails twice, and the report lists a
  // test that passed only on its retry as flaky.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: fs.existsSync(chromium) ? chromium : undefined,
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
  webServer: [
    {
      command: 'node --import tsx e2e/fakes/serve-fake-apple.ts',
      url: `${appleIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_APPLE_PORT: String(applePort), APP_URL: `http://localhost:${port}` },
    },
    {
      command: `rm -rf .tmp/e2e-data-${port} && node apps/server/dist/main.js`,
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: `.tmp/e2e-data-${port}`,
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
  ],
});
