import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logging/logger.ts';
import { metricsRegistry } from './registry.ts';

export interface MetricsServer {
  /** The bound port (METRICS_PORT, or the one the system chose for 0). */
  port: number;
  close(): Promise<void>;
}

export interface MetricsServerOptions {
  host: string;
  port: number;
  logger: Logger;
  /**
   * Readiness of this process, also answered here as GET /ready: worker processes have no
   * public port for a probe to ask.
   */
  ready?: () => Promise<{ ok: boolean; body: unknown }>;
}

/**
 * The private listener of a process: GET /metrics in Prometheus's text format. It is a plain
 * node:http server on its own port (METRICS_HOST, 127.0.0.1 by default), so nothing of it can
 * be reached through the public port, whatever the public app's routes are.
 */
export function startMetricsServer({ host, port, logger, ready }: MetricsServerOptions): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET' }).end();
      return;
    }
    const answer = async () => {
      if (path === '/metrics') {
        const text = await metricsRegistry.metrics();
        res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text);
      } else if (path === '/ready' && ready) {
        const { ok, body } = await ready();
        res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      }
    };
    answer().catch((err: unknown) => {
      logger.error({ err }, 'metrics: could not answer a scrape');
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  const listen = () =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const close = () =>
    new Promise<void>((done) => {
      closed = true;
      clearTimeout(retry);
      if (!server.listening) return done();
      server.close(() => done());
      server.closeAllConnections();
    });
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const bound = (at: number) => logger.info({ host, port: at }, 'metrics are served at /metrics');
  return listen().then(
    (at) => {
      bound(at);
      return { port: at, close };
    },
    (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EADDRINUSE' || port === 0) throw err;
      // A process that is still stopping (the one this one replaces, or one orphaned by a
      // supervisor that did not wait for it) holds the port for its grace period: this process
      // does its work meanwhile and takes the port once it is free, rather than dying of it.
      logger.warn({ host, port }, 'metrics: the port is still held by another process; retrying until it is free');
      const again = () => {
        retry = setTimeout(() => {
          if (closed) return;
          listen().then(bound, again);
        }, HELD_PORT_RETRY_MS);
        retry.unref();
      };
      again();
      return { port, close };
    },
  );
}

/** How often a held metrics port is tried again. */
const HELD_PORT_RETRY_MS = 500;
