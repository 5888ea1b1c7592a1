import net from 'node:net';

/**
 * A TCP proxy of the test's own in front of a server (PostgreSQL): `cut()` drops every
 * connection and refuses new ones, as a database that went away; `restore()` lets them through
 * again. What each side sees is what a real outage shows: reset connections, then refusals.
 */
export interface TcpProxy {
  port: number;
  /** Open client connections through the proxy now. */
  readonly connections: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let port = 0;
  let server: net.Server | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => {});
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once('error', reject);
      // The same port each time: clients keep the address they were configured with.
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  const stop = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.resetAndDestroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    get connections() {
      return sockets.size;
    },
    cut: stop,
    restore: async () => {
      if (!server) await listen();
    },
    close: stop,
  };
}

/** A proxy in front of a database's server, and the database's URL through it (same user and name). */
export async function proxyDatabaseUrl(databaseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
  const target = new URL(databaseUrl);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const throughProxy = new URL(target);
  throughProxy.hostname = '127.0.0.1';
  throughProxy.port = String(proxy.port);
  return { proxy, url: throughProxy.toString() };
}
