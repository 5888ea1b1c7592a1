import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerBundle, type ServerProcess, serverDir, startProcess } from '../support/server-processes.ts';
import { cookieOf } from '../support/users.ts';

/**
 * The scripts of examples/ as an integrator runs them: against the built server on a fresh data
 * folder (what `npm start` runs), with an API key got the documented way — an account, a Pro
 * plan through the sandbox checkout, a key made signed in — upscaling one small photo on the
 * local engine, waiting for the run (Prefer: wait) and saving its output.
 */

const root = path.resolve(serverDir, '../..');
const run = promisify(execFile);

/** A port nobody listens on now (the server is told its PUBLIC_URL, so it cannot take port 0). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** POSTs JSON from the site's own origin (as its pages do), with the session cookie when given. */
async function post(baseUrl: string, pathname: string, body: unknown, cookie = '') {
  const res = await fetch(`${baseUrl}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${pathname}: ${res.status} ${await res.text()}`);
  return res;
}

/** A new account on Pro (paid on the sandbox checkout) and an API key of it, as docs/api.md says. */
async function apiKeyOfNewProAccount(baseUrl: string): Promise<string> {
  const signUp = await post(baseUrl, '/api/v1/auth/sign-up/email', {
    email: 'examples@example.com',
    password: 'correct horse battery',
    name: 'examples',
  });
  const cookie = cookieOf(signUp);
  const checkout = await post(baseUrl, '/api/v1/billing/checkout', { planId: 'pro', billingCycle: 'monthly' }, cookie);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.headers.get('location')).toMatch(/\/payment-success/);
  const created = await post(baseUrl, '/api/v1/me/api-keys', { name: 'examples' }, cookie);
  return ((await created.json()) as { secret: string }).secret;
}

describe('the examples/ scripts against a running server', () => {
  let bundle: string;
  let dataDir: string;
  let outDir: string;
  let server: ServerProcess | undefined;
  let baseUrl: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    bundle = buildServerBundle();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-examples-'));
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-examples-out-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = startProcess([path.join(bundle, 'main.js')], {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      ENGINE_POOL_SIZE: '1',
    });
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    for (const dir of [bundle, dataDir, outDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts on a fresh data folder, and an API key is made for the scripts', async () => {
    await expect
      .poll(
        async () => {
          if (server?.child.exitCode !== null) throw new Error(`the server exited:\n${server?.output()}`);
          return (await fetch(`${baseUrl}/api/health`).catch(() => null))?.status;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(200);
    env = { ...process.env, ATELIER: baseUrl, ATELIER_KEY: await apiKeyOfNewProAccount(baseUrl) } as Record<
      string,
      string
    >;
  });

  /** The saved output: the 96×64 photo upscaled 2×. */
  const expectUpscaled = async (file: string) =>
    expect(await sharp(file).metadata()).toMatchObject({ format: 'jpeg', width: 192, height: 128 });

  it('upscale.ts (the TypeScript client) starts a run, waits for it and saves the output', async () => {
    const output = path.join(outDir, 'from-ts.jpg');
    // The client package from its source (the condition the workspace builds with): no build needed.
    const { stdout } = await run(
      process.execPath,
      ['--conditions=@atelier/source', '--import', 'tsx', 'examples/upscale.ts', 'examples/cat.jpg', output],
      { cwd: root, env },
    );
    expect(stdout).toMatch(/^run [0-9a-f-]{36} succeeded/);
    await expectUpscaled(output);
  });

  it('upscale.sh (curl) gets the output image in one call', async () => {
    const output = path.join(outDir, 'from-curl.jpg');
    const { stdout } = await run('bash', ['examples/upscale.sh', 'examples/cat.jpg', output], { cwd: root, env });
    expect(stdout).toMatch(/^run [0-9a-f-]{36} succeeded/);
    expect(stdout).toContain(`its output URL: ${env.ATELIER}/api/v1/files/runs/`);
    await expectUpscaled(output);
  });
});
