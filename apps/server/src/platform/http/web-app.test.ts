import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.ts';
import {
  CONTENT_SECURITY_POLICY,
  pagePolicy,
  securityHeaders,
  WORKER_CONTENT_SECURITY_POLICY,
} from './security-headers.ts';
import { webAppRoutes } from './web-app.ts';

describe("the web app's files and pages", () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-spa-'));
  const write = (name: string, text: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), text);
  };
  write('assets/index-abc.js', 'export {}');
  write('assets/workers/background-removal.worker-abc.js', '(function(){})()');
  write('assets/imgly-1.4.5/ort-wasm-simd-threaded.wasm', '\0asm');
  // What the build's precompression leaves: siblings of the text files.
  const script = `export const text = "${'a studio of image tools '.repeat(200)}";`;
  write('assets/app-abc.js', script);
  write('assets/app-abc.js.br', brotliCompressSync(script));
  write('assets/app-abc.js.gz', gzipSync(script));
  write('robots-like.txt', 'plain, no siblings');
  write('favicon-like.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The pages stand in for React Router's request handler (pages/react-router-pages.ts).
  const pages = async () =>
    new Response('<!doctype html><title>Atelier</title>', { headers: { 'content-type': 'text/html' } });
  const app = new Hono<AppEnv>().use('*', securityHeaders({ hsts: false })).route('/', webAppRoutes(dist, pages));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('serves pages and assets cross-origin isolated under the page policy, without blob: scripts', async () => {
    for (const url of [
      '/',
      '/tools/background-removal',
      '/assets/index-abc.js',
      '/assets/imgly-1.4.5/ort-wasm-simd-threaded.wasm',
    ]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-security-policy'), url).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('cross-origin-opener-policy'), url).toBe('same-origin');
      expect(res.headers.get('cross-origin-embedder-policy'), url).toBe('require-corp');
      expect(res.headers.get('cross-origin-resource-policy'), url).toBe('same-origin');
    }
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect((await app.request('/assets/imgly-1.4.5/ort-wasm-simd-threaded.wasm')).headers.get('content-type')).toBe(
      'application/wasm',
    );
  });

  it('gives workers their own policy: blob: scripts (the wasm threads) there and only there', async () => {
    const res = await app.request('/assets/workers/background-removal.worker-abc.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(WORKER_CONTENT_SECURITY_POLICY);
    expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    // The worker policy is the page policy plus blob: in script-src, nothing else.
    expect(WORKER_CONTENT_SECURITY_POLICY.replace("script-src 'self' blob: ", "script-src 'self' ")).toBe(
      CONTENT_SECURITY_POLICY,
    );
    expect(WORKER_CONTENT_SECURITY_POLICY).not.toContain("'unsafe-eval'");
    // A missing worker is a 404, not the app shell.
    expect((await app.request('/assets/workers/missing.js')).status).toBe(404);
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });

  it('sends the brotli or gzip sibling by Accept-Encoding, with Vary, else the file itself', async () => {
    const br = await get('/assets/app-abc.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(brotliDecompressSync(brBytes).toString()).toBe(script);

    const gz = await get('/assets/app-abc.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await get('/assets/app-abc.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(script);
    // Each representation has its own validator.
    expect(new Set([br, gz, plain].map((r) => r.headers.get('etag'))).size).toBe(3);

    // Any other path is a page.
    expect(await (await get('/gallery')).text()).toContain('<title>Atelier');
  });

  it('gives non-hashed files an ETag and answers 304 when it still matches', async () => {
    for (const url of ['/robots-like.txt', '/favicon-like.svg']) {
      const first = await get(url, { 'accept-encoding': 'br' });
      const etag = first.headers.get('etag');
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control'), url).toMatch(/no-cache|must-revalidate/);
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag! });
      expect(again.status, url).toBe(304);
      expect(await again.text(), url).toBe('');
      expect(again.headers.get('etag'), url).toBe(etag);
      const changed = await get(url, { 'accept-encoding': 'br', 'if-none-match': '"something-else"' });
      expect(changed.status, url).toBe(200);
    }
    // A validator of another representation does not match: brotli's ETag on a gzip request.
    const brTag = (await get('/assets/app-abc.js', { 'accept-encoding': 'br' })).headers.get('etag')!;
    expect((await get('/assets/app-abc.js', { 'if-none-match': brTag })).status).toBe(200);
  });
});

describe('the page policy', () => {
  it("lets the page's inline scripts run by this response's nonce, and nothing else inline", () => {
    const policy = pagePolicy('bm9uY2U=');
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' 'nonce-bm9uY2U=';");
    expect(/script-src [^;]*/.exec(policy)![0]).not.toContain('unsafe-inline');
    expect(policy.replace(" 'nonce-bm9uY2U='", '')).toBe(CONTENT_SECURITY_POLICY);
  });
});
