import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CreatedApiKeyResponse } from '@atelier/contracts';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../src/server.ts';
import { pngImage } from '../support/images.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';
import { as, postJson, signUpTestUser, withPlan } from '../support/users.ts';

/**
 * The document as an integrator meets it: clients made by two generators nobody here wrote —
 * @hey-api/openapi-ts and orval — from the checked-in openapi.json, with no warning and no
 * dropped operation, compiled by tsc in strict mode, then driven over a socket against a fresh
 * server: an upload, a JSON run, `Prefer: wait`, an image download and a batch's ZIP. The
 * drivers in support/generated-clients/ are written as a user of each client would write them;
 * they are compiled here against the generated code (the repository's typecheck cannot: that
 * code exists only while this test runs).
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const documentFile = path.join(repoRoot, 'packages/api-client/openapi.json');
const driversDir = path.join(repoRoot, 'apps/server/test/support/generated-clients');
const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);
const operationIds = () => {
  const document = JSON.parse(fs.readFileSync(documentFile, 'utf8')) as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  return Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
};

/** What a driver reports of its walk through the API, for the assertions below. */
interface Walk {
  upload: { status: number; tool: string; credits: number };
  json: { status: number; tool: string };
  waited: { status: number; runStatus: string };
  image: { bytes: number[] };
  zip: { bytes: number[]; batchStatus: string };
}
type Driver = { walk: (baseUrl: string, key: string, photo: Blob) => Promise<Walk> };

describe('clients generated from the document by other tools', () => {
  let rt: TestRuntime;
  let server: ServerType;
  let baseUrl: string;
  let key: string;
  let outDir: string;

  beforeAll(async () => {
    rt = await createTestRuntime('pglite', {
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      ENGINE_IMAGE_UPSCALE: 'demo',
      RUN_SWEEP_INTERVAL_SECONDS: '3600',
    });
    let port: number;
    ({ server, port } = await listen(rt));
    baseUrl = `http://127.0.0.1:${port}/api/v1`;
    const user = await withPlan(rt, await signUpTestUser(rt));
    const created = await rt.request('/api/v1/me/api-keys', as(user, postJson({ name: 'generated clients' })));
    expect(created.status, await created.clone().text()).toBe(201);
    key = ((await created.json()) as CreatedApiKeyResponse).secret;
    // Inside the repository, so the generated code resolves what it imports from node_modules.
    fs.mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
    outDir = fs.mkdtempSync(path.join(repoRoot, '.tmp/generated-clients-'));
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await rt?.close();
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  });

  /** Runs a generator; what it printed, which must hold no warning. */
  const generate = (command: string, args: string[]) => {
    const printed = execFileSync(command, args, {
      cwd: outDir,
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: 'pipe',
    });
    expect(printed).not.toMatch(/warn|error|skipp/i);
    return printed;
  };

  /** Compiles a driver with the generated client under strict settings; the errors, if any. */
  const compile = (driver: string) => {
    const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
    const args = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'esnext'];
    const more = ['--moduleResolution', 'bundler', '--lib', 'es2023,dom,dom.iterable', '--types', 'node'];
    try {
      execFileSync(process.execPath, [tsc, ...args, ...more, driver], { cwd: outDir, encoding: 'utf8' });
      return '';
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? error);
    }
  };

  const walkWith = async (driverName: string) => {
    const driver = path.join(outDir, driverName);
    fs.copyFileSync(path.join(driversDir, driverName), driver);
    expect(compile(driver)).toBe('');
    const { walk } = (await import(driver)) as Driver;
    const photo = new Blob([new Uint8Array(await pngImage(320, 240))], { type: 'image/png' });
    return walk(baseUrl, key, photo);
  };

  const expectWalked = (walk: Walk) => {
    expect(walk.upload).toEqual({ status: 202, tool: 'ai-photo-editor', credits: 1 });
    expect(walk.json).toEqual({ status: 202, tool: 'image-upscale' });
    expect(walk.waited).toEqual({ status: 200, runStatus: 'succeeded' });
    expect(walk.image.bytes).toEqual([0x89, 0x50, 0x4e, 0x47]); // PNG
    expect(walk.zip).toEqual({ bytes: [0x50, 0x4b], batchStatus: 'completed' }); // PK
  };

  it('@hey-api/openapi-ts: generates every operation without a warning, compiles, and works', async () => {
    generate(bin('openapi-ts'), ['-i', documentFile, '-o', path.join(outDir, 'hey-api')]);
    const sdk = fs.readFileSync(path.join(outDir, 'hey-api/sdk.gen.ts'), 'utf8');
    for (const id of operationIds()) expect(sdk, id).toContain(`export const ${id} =`);
    // An image tool's call sends a form, its image a file.
    const upscale = sdk.slice(sdk.indexOf('export const startImageUpscaleRun ='));
    expect(upscale.slice(0, upscale.indexOf('export const', 1))).toContain('formDataBodySerializer');
    expectWalked(await walkWith('hey-api-driver.ts'));
  }, 120_000);

  it('orval: generates every operation without a warning, compiles, and works', async () => {
    const config = path.join(outDir, 'orval.config.mjs');
    // Through a fetch of the project's own (orval's `mutator`), as orval's guide sets one up.
    fs.copyFileSync(path.join(driversDir, 'orval-fetch.ts'), path.join(outDir, 'orval-fetch.ts'));
    const mutator = { path: path.join(outDir, 'orval-fetch.ts'), name: 'atelierFetch' };
    const output = {
      target: path.join(outDir, 'orval/client.ts'),
      client: 'fetch',
      mode: 'single',
      override: { mutator },
    };
    fs.writeFileSync(config, `export default ${JSON.stringify({ atelier: { input: documentFile, output } })};\n`);
    generate(bin('orval'), ['--config', config]);
    const client = fs.readFileSync(output.target, 'utf8');
    for (const id of operationIds()) expect(client, id).toContain(`export const ${id} =`);
    expectWalked(await walkWith('orval-driver.ts'));
  }, 120_000);
});
