import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];

/** Starts `src/main.ts` as its own process, the way `npm start` runs the built bundle. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'test', WORKER: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = async (): Promise<number> => {
    for (let i = 0; i < 600; i++) {
      const line = output.split('\n').find((l) => l.includes('Atelier is ready'));
      if (line) return (JSON.parse(line) as { port: number }).port;
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start:\n${output}`);
  };
  return { child, exited, ready, output: () => output };
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
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
      await new Promise((r) => setTimeout(r, 300));
      const draining = await fetch(`http://127.0.0.1:${port}/api/ready`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toMatchObject({ status: 'not_ready', failing: ['shutdown'] });
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200); // still serving meanwhile
      expect(await server.exited).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
