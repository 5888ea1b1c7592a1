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
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const bound = (server.address() as AddressInfo).port;
      logger.info({ host, port: bound }, 'metrics are served at /metrics');
      resolve({
        port: bound,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
