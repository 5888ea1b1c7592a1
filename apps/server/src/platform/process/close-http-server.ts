import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ServerType } from '@hono/node-server';

const IDLE_SWEEP_MS = 100;

/**
 * Stops an HTTP server for a process that is stopping: no new connections; requests in flight
 * finish, each answered with `Connection: close` so that keep-alive clients go elsewhere
 * instead of holding the socket; at `until` (epoch ms) the connections still open are cut.
 * Long-lived streams (SSE) must be ended by their owners before then (RunWatcher.close).
 */
export function closeHttpServer(server: ServerType, until: number): Promise<void> {
  const http = server as Server;
  http.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  });
  return new Promise((resolve) => {
    const cut = setTimeout(() => http.closeAllConnections(), Math.max(0, until - Date.now()));
    // Idle keep-alive sockets would hold close() open: those of requests that were in flight
    // become idle when their response is sent.
    const sweepIdle = setInterval(() => http.closeIdleConnections(), IDLE_SWEEP_MS);
    http.close(() => {
      clearTimeout(cut);
      clearInterval(sweepIdle);
      resolve();
    });
    http.closeIdleConnections();
  });
}
