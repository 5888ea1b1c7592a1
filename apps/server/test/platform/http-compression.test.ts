import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';

// The whole app, not the middleware alone: API answers pass through the compression.
describe('the app compresses its text answers', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime('pglite');
  });
  afterAll(() => rt?.close());

  it('sends the API document as brotli or gzip by Accept-Encoding, small answers as they are', async () => {
    const plain = await (await rt.request('/api/openapi.json')).text();
    const br = await rt.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(brBytes).toString()).toBe(plain);
    expect(brBytes.length).toBeLessThan(plain.length / 4);

    const gz = await rt.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);

    const health = await rt.request('/api/health', { headers: { 'accept-encoding': 'br' } });
    expect(health.status).toBe(200);
    expect(health.headers.get('content-encoding')).toBeNull();
  });
});
