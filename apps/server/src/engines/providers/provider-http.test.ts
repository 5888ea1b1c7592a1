import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderHttpClient, retryAfterMs } from './provider-http.ts';

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('Thu, 01 Jan 1970 00:00:10 GMT', 4000)).toBe(6000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});

describe('a throttled provider call', () => {
  /** Answers 429 with the scripted Retry-After once per call, then 200 `{ok:true}`. */
  let retryAfter = '0';
  let requests = 0;
  let server: http.Server;
  let client: ProviderHttpClient;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      requests++;
      if (requests % 2 === 1) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter });
        res.end('{"error":{"message":"slow down"}}');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    client = new ProviderHttpClient({ apiKey: 'k', baseUrl: `http://127.0.0.1:${port}` }, () => false);
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const call = () => client.postJson('/x', {}, { timeoutMs: 5000, signal: new AbortController().signal });

  it('waits as long as a short Retry-After asks, then tries again', async () => {
    requests = 0;
    retryAfter = '0';
    await expect(call()).resolves.toEqual({ ok: true });
    expect(requests).toBe(2);
  });

  it('gives up at once, as rate limited, when the provider asks to wait longer than a run may sit idle', async () => {
    requests = 0;
    retryAfter = '3600';
    await expect(call()).rejects.toMatchObject({ code: 'PROVIDER_RATE_LIMITED' });
    expect(requests).toBe(1);
  });
});
