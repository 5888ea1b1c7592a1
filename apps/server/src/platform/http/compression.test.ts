import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './accept-encoding.ts';
import { compressResponses, isCompressibleType } from './compression.ts';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `artwork number ${i}` })) };

const app = new Hono()
  .use('*', compressResponses(1024))
  .get('/big', (c) => c.json(big))
  .get('/small', (c) => c.json({ ok: true }))
  .get('/tagged', (c) => c.json(big, 200, { ETag: '"v1"' }))
  .get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }))
  .get('/encoded', (c) =>
    c.body(new Uint8Array(4096), 200, { 'Content-Type': 'text/javascript', 'Content-Encoding': 'br' }),
  )
  .get('/events', (c) =>
    streamSSE(c, async (stream) => {
      for (let i = 0; i < 50; i++) await stream.writeSSE({ data: 'x'.repeat(100) });
    }),
  )
  .get('/streamed', () => {
    // A streamed page: the first part comes before the rest is ready.
    let release: () => void = () => {};
    const later = new Promise<void>((resolve) => {
      release = resolve;
    });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(`<!doctype html><main>${'shell '.repeat(400)}`));
        await later;
        controller.enqueue(encoder.encode('</main>'));
        controller.close();
      },
    });
    (globalThis as { releaseStream?: () => void }).releaseStream = release;
    return new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  });

const get = (path: string, encoding?: string) =>
  app.request(path, { headers: encoding ? { 'Accept-Encoding': encoding } : {} });

describe('on-the-fly compression', () => {
  it('sends API JSON as brotli when accepted, else gzip, else as is — always with Vary', async () => {
    const br = await get('/big', 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-length')).toBeNull();
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(JSON.parse(brotliDecompressSync(brBytes).toString())).toEqual(big);
    expect(brBytes.length).toBeLessThan(JSON.stringify(big).length / 4);

    const gz = await get('/big', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(big);

    for (const refused of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/big', refused);
      expect(plain.headers.get('content-encoding'), refused).toBeNull();
      expect(plain.headers.get('vary'), refused).toBe('Accept-Encoding');
      expect(await plain.json()).toEqual(big);
    }
  });

  it('leaves small bodies, images, already-encoded bodies and event streams alone', async () => {
    const small = await get('/small', 'br');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    expect((await get('/png', 'br')).headers.get('content-encoding')).toBeNull();
    expect((await get('/encoded', 'gzip')).headers.get('content-encoding')).toBe('br');

    const events = await get('/events', 'br, gzip');
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    expect(events.headers.get('content-encoding')).toBeNull();
    expect(await events.text()).toContain('data: xxx');
  });

  it('weakens a strong ETag on the compressed representation', async () => {
    expect((await get('/tagged', 'br')).headers.get('etag')).toBe('W/"v1"');
    expect((await get('/tagged')).headers.get('etag')).toBe('"v1"');
  });

  it('streams: the first part arrives compressed before the response has ended', async () => {
    const res = await get('/streamed', 'br');
    expect(res.headers.get('content-encoding')).toBe('br');
    const reader = res.body!.getReader();
    // Reads what has arrived while the end is still held back: it hangs if the compressor waits.
    const received: Uint8Array[] = [];
    const decoded = () =>
      brotliDecompressSync(Buffer.concat(received), { finishFlush: constants.BROTLI_OPERATION_FLUSH }).toString();
    while (!decoded().includes('<main>shell')) received.push((await reader.read()).value!);
    expect(decoded()).not.toContain('</main>');
    (globalThis as { releaseStream?: () => void }).releaseStream?.();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received.push(chunk.value);
    expect(brotliDecompressSync(Buffer.concat(received)).toString()).toMatch(/<main>(shell )+<\/main>$/);
  });
});

describe('Accept-Encoding', () => {
  it('picks by q-value, brotli first on a tie, honours q=0 and *', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
  });

  it('treats text, JSON, XML, SVG and wasm as compressible; not event streams or images', () => {
    for (const type of [
      'text/html; charset=utf-8',
      'application/json',
      'application/problem+json',
      'application/xml',
      'image/svg+xml',
      'application/wasm',
      'text/javascript',
    ]) {
      expect(isCompressibleType(type), type).toBe(true);
    }
    for (const type of ['text/event-stream', 'image/png', 'application/zip', 'application/octet-stream', null]) {
      expect(isCompressibleType(type), String(type)).toBe(false);
    }
  });
});
