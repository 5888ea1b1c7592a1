import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startProcess } from '../support/server-processes.ts';

const servers: ServerProcess[] = [];

/** Starts `src/main.ts` as its own process, the way `npm start` runs the built bundle. */
function startServer(env: Record<string, string>) {
  const server = startProcess(['--import', 'tsx', 'src/main.ts'], { WORKER: 'off', ...env });
  servers.push(server);
  const ready = async () => (await server.logLine<{ port: number }>('Atelier is ready')).port;
  return { ...server, ready };
}

afterEach(() => {
  for (const server of servers.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
});

describe('the server process', () => {
  it('refuses an invalid environment with a list of every problem', async () => {
    const server = startServer({ PORT: 'abc', DATABASE_URL: 'mysql://nope' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration/);
    expect(server.output()).toMatch(/PORT/);
    expect(server.output()).toMatch(/DATABASE_URL/);
  });

  it('guards its data folder, answers health, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-process-'));
    try {
      const server = startServer({ DATA_DIR: dataDir, PORT: '0' });
      const port = await server.ready();
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      expect(fs.existsSync(path.join(dataDir, '.atelier.lock'))).toBe(true);

      // A second process on the same embedded database is refused, not allowed to corrupt it.
      const second = startServer({ DATA_DIR: dataDir, PORT: '0' });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/Another Atelier process/);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toMatch(/"msg":"stopped"/);
      // The database was closed and its folder released.
      expect(fs.existsSync(path.join(dataDir, '.atelier.lock'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('serves metrics on METRICS_PORT only, and turns readiness 503 on SIGTERM before it stops', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-process-'));
    try {
      const server = startServer({ DATA_DIR: dataDir, PORT: '0', METRICS_PORT: '0', READY_DRAIN_DELAY_MS: '3000' });
      const port = await server.ready();
      const metricsLine = server
        .output()
        .split('\n')
        .find((l) => l.includes('metrics are served'));
      const metricsPort = (JSON.parse(metricsLine!) as { port: number; host: string }).port;
      expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
      expect(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()).toMatch(
        /^atelier_http_requests_total\{method="GET",route="\/api\/ready",status="200"\} 1$/m,
      );
      expect(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).not.toMatch(/atelier_/);

      server.child.kill('SIGTERM');
      // Once the signal is handled, readiness fails (for READY_DRAIN_DELAY_MS, while it still serves).
      await expect
        .poll(async () => {
          const draining = await fetch(`http://127.0.0.1:${port}/api/ready`);
          return { status: draining.status, body: await draining.json() };
        })
        .toMatchObject({ status: 503, body: { status: 'not_ready', failing: ['shutdown'] } });
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200); // still serving meanwhile
      expect(await server.exited).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
