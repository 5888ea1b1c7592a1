import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Run } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config/config.ts';
import { LocalStorage } from '../../src/platform/storage/local-storage.ts';
import { openStorage } from '../../src/platform/storage/open-storage.ts';
import { S3Storage } from '../../src/platform/storage/s3-storage.ts';
import type { Storage } from '../../src/platform/storage/storage.ts';
import { startS3Server } from '../support/s3-server.ts';
import { createTestRuntime } from '../support/test-runtime.ts';
import { as, signUpTestUser } from '../support/users.ts';

async function read(storage: Storage, key: string) {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return { ...file, data: Buffer.concat(chunks) };
}

let s3: Awaited<ReturnType<typeof startS3Server>>;
let localDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-storage-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(localDir, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('%s storage', (driver) => {
  const storage = () =>
    driver === 's3'
      ? openStorage(loadConfig({ DATA_DIR: localDir, ...s3.env }))
      : new LocalStorage(path.join(localDir, 'files'));

  it('puts, gets, checks and deletes objects by key, byte for byte', async () => {
    const store = storage();
    if (driver === 's3') expect(store).toBeInstanceOf(S3Storage);
    const data = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await store.put('runs/u1/r1/output-0.png', data, 'image/png');
    expect(await store.exists('runs/u1/r1/output-0.png')).toBe(true);
    const file = await read(store, 'runs/u1/r1/output-0.png');
    expect(file?.contentType).toBe('image/png');
    expect(file?.size).toBe(data.length);
    expect(file?.data.equals(data)).toBe(true);
    await store.delete('runs/u1/r1/output-0.png');
    expect(await store.exists('runs/u1/r1/output-0.png')).toBe(false);
    expect(await store.get('runs/u1/r1/output-0.png')).toBeNull();
    await expect(store.put('../escape.png', data, 'image/png')).rejects.toThrow(/Invalid storage key/);
  });

  it('deletes a whole folder and nothing beside it', async () => {
    const store = storage();
    const data = Buffer.from('x');
    await store.put('runs/gone/r1/input-image.png', data, 'image/png');
    await store.put('runs/gone/r2/output-0.png', data, 'image/png');
    await store.put('runs/gone-not/r1/output-0.png', data, 'image/png');
    await store.deleteFolder('runs/gone');
    expect(await store.exists('runs/gone/r1/input-image.png')).toBe(false);
    expect(await store.exists('runs/gone/r2/output-0.png')).toBe(false);
    expect(await store.exists('runs/gone-not/r1/output-0.png')).toBe(true);
    await expect(store.deleteFolder('../..')).rejects.toThrow(/Invalid storage key/);
  });
});

describe('the run pipeline with STORAGE=s3', () => {
  it('stores outputs in the bucket and serves them to their owner', async () => {
    const rt = await createTestRuntime('pglite', s3.env);
    try {
      const user = await signUpTestUser(rt);
      const res = await rt.request(
        '/api/tools/image-generation/runs',
        as(user, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: 'kept in a bucket' }),
        }),
      );
      const { run } = (await res.json()) as { run: Run };
      const text = await (await rt.request(`/api/runs/${run.id}/events`, as(user))).text();
      const end = JSON.parse(text.split('event: end\ndata: ')[1]!.split('\n')[0]!) as { run: Run };
      expect(end.run.status).toBe('succeeded');
      const file = await rt.request(end.run.outputs[0]!.url, as(user));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(fs.existsSync(path.join(rt.dataDir, 'files', 'runs'))).toBe(false);
    } finally {
      await rt.close();
    }
  });
});
