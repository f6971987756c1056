import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '@safarnama/contract';

/**
 * Realtime tests: the app listens on a free port of 127.0.0.1 (its socket.io hub is attached to
 * that server) and real socket.io clients connect with a session token, as the web app does.
 */
export const listenOnFreePort = async (app: FastifyInstance): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
};

export interface TestSocket {
  socket: Socket;
  /** Every event received so far, in order. */
  events: { name: string; payload: unknown }[];
  /** Resolves with the payload of the next (or an already received) event of that name. */
  next: <T = unknown>(name: string, timeoutMs?: number) => Promise<T>;
  /** Resolves once the server has disconnected this socket (with the reason). */
  disconnected: Promise<string>;
  close: () => void;
}

export interface ConnectOptions {
  token?: string;
  headers?: Record<string, string>;
}

/** Connects and resolves once the handshake is accepted; rejects with the server's refusal. */
export const connectSocket = (baseUrl: string, options: ConnectOptions): Promise<TestSocket> =>
  new Promise((resolve, reject) => {
    const socket = io(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 5000,
      ...(options.token ? { query: { token: options.token } } : {}),
      ...(options.headers ? { extraHeaders: options.headers } : {}),
    });
    const events: TestSocket['events'] = [];
    const consumed = new Set<number>();
    const listeners = new Set<() => void>();
    socket.onAny((name: string, payload: unknown) => {
      events.push({ name, payload });
      for (const wake of [...listeners]) wake();
    });
    const disconnected = new Promise<string>((done) => {
      socket.on('disconnect', (reason) => done(reason));
    });
    const next = <T>(name: string, timeoutMs = 5000) =>
      new Promise<T>((ok, fail) => {
        const check = () => {
          const index = events.findIndex((e, i) => e.name === name && !consumed.has(i));
          if (index === -1) return;
          consumed.add(index);
          listeners.delete(check);
          clearTimeout(timer);
          ok(events[index]?.payload as T);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          fail(new Error(`no '${name}' event within ${timeoutMs} ms`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    socket.once('connect', () =>
      resolve({ socket, events, next, disconnected, close: () => socket.close() }),
    );
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });

/** The `connect_error` message of a refused handshake ('unauthenticated', 'forbidden', …). */
export const refusal = async (baseUrl: string, options: ConnectOptions): Promise<string> => {
  try {
    const client = await connectSocket(baseUrl, options);
    client.close();
    return 'connected';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
};
