import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { createFromTemplate, withDatabase } from './pg.js';

/**
 * A TCP proxy in front of PostgreSQL for the fault tests: `down('refuse')` closes every
 * connection and refuses new ones (database stopped), `down('blackhole')` accepts and never
 * answers (network gone: the connect time-out applies), `stall()` keeps the open connections but
 * stops forwarding on them (a database that stops answering mid-session: only a query time limit
 * ends the wait), `up()` forwards again.
 */
export const startTcpProxy = async (target: { host: string; port: number }, port = 0) => {
  let mode: 'up' | 'refuse' | 'blackhole' = 'up';
  const open = new Set<Socket>();
  const pairs = new Set<[Socket, Socket]>();
  let server: Server | null = null;
  let boundPort = port;

  const listen = async () => {
    server = createServer((client) => {
      open.add(client);
      client.on('close', () => open.delete(client));
      client.on('error', () => client.destroy());
      if (mode === 'blackhole') return;
      const upstream = connect(target.port, target.host);
      open.add(upstream);
      upstream.on('close', () => {
        open.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      const pair: [Socket, Socket] = [client, upstream];
      pairs.add(pair);
      upstream.on('close', () => pairs.delete(pair));
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server?.listen(boundPort, '127.0.0.1', () => resolve()));
    const address = server?.address();
    if (address && typeof address === 'object') boundPort = address.port;
  };
  const stopListening = async () => {
    const current = server;
    server = null;
    for (const socket of open) socket.destroy();
    open.clear();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return boundPort;
    },
    /** The database "goes away". */
    down: async (how: 'refuse' | 'blackhole') => {
      await stopListening();
      mode = how;
      if (how === 'blackhole') await listen();
    },
    /** Open connections stay open but carry nothing more; new ones are not answered. */
    stall: async () => {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
      // Stop accepting at once; close()'s callback would wait for the stalled connections.
      server?.close();
      server = null;
      mode = 'blackhole';
      await listen();
    },
    /** The database is back. */
    up: async () => {
      await stopListening();
      mode = 'up';
      await listen();
    },
    close: stopListening,
  };
};
export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;

/**
 * A fresh database from the suite's template behind a `startTcpProxy`: `url` reaches it through
 * the proxy, `name` is the database to drop afterwards.
 */
export const proxiedDatabase = async (template: { url: string; name: string }) => {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await createFromTemplate(template.url, name, template.name);
  const direct = new URL(withDatabase(template.url, name));
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  direct.host = `127.0.0.1:${proxy.port}`;
  return { name, proxy, url: direct.toString() };
};
