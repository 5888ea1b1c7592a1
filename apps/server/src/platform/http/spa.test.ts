import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.ts';
import { CONTENT_SECURITY_POLICY, securityHeaders, WORKER_CONTENT_SECURITY_POLICY } from './security-headers.ts';
import { spaRoutes } from './spa.ts';

describe('the SPA server', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-spa-'));
  const write = (name: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), text);
  };
  write('index.html', '<!doctype html><title>Atelier</title>');
  write('assets/index-abc.js', 'export {}');
  write('assets/workers/background-removal.worker-abc.js', '(function(){})()');
  write('assets/imgly-1.4.5/ort-wasm-simd-threaded.wasm', '\0asm');
  const app = new Hono<AppEnv>().use('*', securityHeaders({ hsts: false })).route('/', spaRoutes(dist));
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
});
