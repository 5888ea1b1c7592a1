import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ToolId } from '@atelier/contracts';
import sharp from 'sharp';
import { type Engine, EngineError } from '../../src/engines/engine.ts';

/** A provider-like engine that always fails with a provider error. */
export function failingEngine(tool: ToolId): Engine {
  return {
    id: 'failing',
    kind: 'provider',
    supports: (t) => t === tool,
    run: async (_input, { onProgress }) => {
      onProgress(20, 'uploading');
      throw new EngineError('PROVIDER_UNAVAILABLE', 'The provider did not answer');
    },
  };
}

/** An engine that reports progress and then never finishes (until aborted): a worker that hangs or dies. */
export function hangingEngine(tool: ToolId): Engine & { started: Promise<void> } {
  let started!: () => void;
  const startedPromise = new Promise<void>((r) => {
    started = r;
  });
  return {
    id: 'hanging',
    kind: 'provider',
    started: startedPromise,
    supports: (t) => t === tool,
    run: (_input, { onProgress, signal }) => {
      onProgress(30, 'waiting');
      started();
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    },
  };
}

/**
 * An engine that answers one image after `delayMs` (as a provider does after a while); `id`
 * lets it stand in for another engine, e.g. the one a queued run was recorded with.
 */
export function slowEngine(tool: ToolId, { id = 'slow', delayMs = 200 } = {}): Engine {
  return {
    id,
    kind: 'provider',
    supports: (t) => t === tool,
    run: async (_input, { onProgress, signal }) => {
      onProgress(40, 'waiting');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      signal.throwIfAborted();
      const data = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#118844' } })
        .png()
        .toBuffer();
      return [{ data, mediaType: 'image/png', width: 64, height: 64 }];
    },
  };
}

/**
 * A provider-like engine whose result is a link on a local HTTP server, like a provider's
 * expiring result URL; `expire()` makes every link answer 404 from then on.
 */
export async function linkingEngine(tool: ToolId) {
  const image = await sharp({ create: { width: 96, height: 80, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  let expired = false;
  const server = http.createServer((_req, res) => {
    if (expired) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png' }).end(image);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/result/1.png`;
  const engine: Engine = {
    id: 'linking',
    kind: 'provider',
    supports: (t) => t === tool,
    run: async () => [{ url }],
  };
  return {
    engine,
    url,
    image,
    expire: () => {
      expired = true;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * A provider-like engine that answers at once with flat images, as many and as large as the
 * options ask (`n`, `size`): a run that is charged as a provider's is, without the demo engine
 * (whose runs are free) and without a model's work.
 */
export function paintingEngine(...tools: ToolId[]): Engine {
  return {
    id: 'painting',
    kind: 'provider',
    supports: (t) => tools.includes(t),
    run: async ({ options }, { onProgress }) => {
      const { n = 1, size = '64x64' } = options as { n?: number; size?: string };
      const [width, height] = size.split('x').map(Number) as [number, number];
      const data = await sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
        .png()
        .toBuffer();
      onProgress(50, 'painting');
      return Array.from({ length: n }, () => ({ data, mediaType: 'image/png', width, height }));
    },
  };
}
