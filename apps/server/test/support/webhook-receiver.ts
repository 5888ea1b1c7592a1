import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookEvent } from '@atelier/contracts';
import { vi } from 'vitest';

/**
 * A local webhook receiver: every POST it gets, with its headers and raw body. It answers 204,
 * or what `answers` holds first (each status used once), to play a receiver that fails.
 */
export async function startReceiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(answers.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  /** The first delivery that `matches` (by default: of an event type), once it has come. */
  const waitFor = (type: string, matches = (body: string) => (JSON.parse(body) as WebhookEvent).type === type) =>
    vi.waitFor(
      () => {
        const hit = received.find((r) => matches(r.body));
        if (!hit) throw new Error(`no ${type} webhook arrived`);
        return hit;
      },
      { timeout: 30_000, interval: 50 },
    );
  return { url, received, answers, waitFor, close: () => new Promise<void>((r) => server.close(() => r())) };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
