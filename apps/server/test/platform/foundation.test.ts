import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../support/each-database.ts';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime.ts';

describeOnEachDatabase('foundation', (kind) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime(kind);
  });
  afterAll(() => rt?.close());

  it('answers /api/health once the database answers', async () => {
    const res = await rt.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('sends the security headers on every response', async () => {
    for (const path of ['/api/health', '/api/missing', '/', '/some/spa/route']) {
      const res = await rt.request(path);
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-request-id'), path).toBeTruthy();
      // Cross-origin isolation (wasm threads for the in-browser background removal).
      expect(res.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(res.headers.get('cross-origin-embedder-policy'), path).toBe('require-corp');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
    }
  });

  it('answers unknown API routes with the JSON error shape', async () => {
    const res = await rt.request('/api/does-not-exist', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('publishes the OpenAPI document and a docs page without external assets', async () => {
    const doc = (await (await rt.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(doc.paths['/health']).toBeDefined();
    const page = await (await rt.request('/api/docs')).text();
    expect(page).toContain('/api/docs/swagger-ui-bundle.js');
    expect(page).not.toMatch(/https?:\/\//);
    const bundle = await rt.request('/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
  });

  it('lists outbox mail with its links at /dev/mailbox', async () => {
    await rt.mailer.send({
      to: 'ada@example.com',
      subject: 'Reset your password',
      text: 'Open http://localhost:3000/reset-password?token=abc to continue.',
    });
    const json = (await (await rt.request('/dev/mailbox.json')).json()) as {
      messages: { to: string; links: string[] }[];
    };
    expect(json.messages[0]).toMatchObject({
      to: 'ada@example.com',
      links: ['http://localhost:3000/reset-password?token=abc'],
    });
    const page = await (await rt.request('/dev/mailbox')).text();
    expect(page).toContain('href="http://localhost:3000/reset-password?token=abc"');
  });
});

describe('dev mailbox in production', () => {
  it('is not mounted', async () => {
    const rt = await createTestRuntime('pglite', { NODE_ENV: 'production' });
    try {
      expect((await rt.request('/dev/mailbox.json')).headers.get('content-type')).not.toContain('json');
    } finally {
      await rt.close();
    }
  });
});
