import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { AUTH_TOKEN_KEY, SOCKET_EVENTS, SOCKET_PATH } from '@safarnama/contract';
import type { AuthContext } from '../http/access.js';
import { identifyPresence, registerPresence, type Presence } from './presence.js';

/**
 * The realtime socket (DESIGN §7): socket.io on the API's HTTP server. A connection is accepted
 * only with a live session token (query `token`, or the HttpOnly `authToken` cookie of a
 * remember-me session) and joins the rooms `admin:<id>` and `session:<id>`. Services push events
 * through this hub and revoke sessions through it, so a revoked token's sockets close at once.
 *
 * Several server processes (DATABASE_URL set): socket.io's PostgreSQL adapter carries every emit,
 * room disconnect and `notifyPeers` signal to the other processes over LISTEN/NOTIFY, so a socket
 * on node B hears what happened on node A.
 *
 * Presence (issue 21, `presence.ts`): which admins have which edit form open, told to the sockets
 * whose admin may view that entity.
 *
 * Until `attach` runs (tests that never listen), every call is a harmless no-op.
 */
export interface Realtime {
  attach: (server: HttpServer, deps: RealtimeDeps) => void;
  /** Sends an event to every open socket of these admins. */
  emitToAdmins: (adminIds: readonly string[], event: string, payload: unknown) => void;
  /** Sends an event to every open socket. */
  broadcast: (event: string, payload: unknown) => void;
  /** Tells these sessions they are over (`session-revoked`) and disconnects their sockets. */
  revokeSessions: (sessionIds: readonly string[], reason: string) => void;
  /** Same for every session of these admins (an admin disabled). */
  revokeAdmins: (adminIds: readonly string[], reason: string) => void;
  /**
   * Runs the admission check (`admit`) again for every open socket and disconnects those it now
   * refuses (the allowed-IP list changed). Answers how many were disconnected.
   */
  readmit: () => Promise<number>;
  /**
   * Tells the other server processes that shared state changed (they drop their caches); a no-op
   * on a single process. Handlers run only on the OTHER processes: the caller has done its part.
   */
  notifyPeers: (signal: PeerSignal) => void;
  /** What this process does when another one sends `signal`. */
  onPeerSignal: (signal: PeerSignal, handler: () => Promise<void> | void) => void;
  /** How many sockets are open (tests, health). */
  connectionCount: () => number;
  close: () => Promise<void>;
}

export interface RealtimeDeps {
  authenticate: (token: string, via: 'bearer' | 'cookie') => Promise<AuthContext | null>;
  /** Extra admission check (the allowed-IP list of issue 9): false refuses the connection. */
  admit?: (ip: string) => Promise<boolean>;
  /** The client address as the HTTP layer computes it (trusted proxy hops only). */
  clientIp: (socket: Socket) => string;
  /**
   * PUBLIC_URL's origin: a socket that signs in with the ambient cookie must come from our own
   * page (as cookie-authenticated writes on the HTTP API), or any site could open one in the
   * admin's browser (cross-site WebSocket hijacking). A query token is not ambient: any origin.
   */
  publicOrigin: string;
}

const readCookie = (header: string | undefined, name: string): string | undefined => {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
};

/**
 * A browser's handshake always carries `Origin`: it must be PUBLIC_URL's, or the origin of the
 * host the socket reached (the same rule as the HTTP API's cookie writes, which lets the dev
 * proxy through). No Origin at all is refused for a cookie: browsers always send one.
 */
const isOwnOrigin = (socket: Socket, publicOrigin: string): boolean => {
  const origin = socket.handshake.headers.origin;
  if (!origin) return false;
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === socket.handshake.headers.host;
  } catch {
    return false;
  }
};

/**
 * The session token of a handshake: the `token` query (any origin: it is not ambient), else the
 * `authToken` cookie. Read at the handshake and again when presence rechecks the session.
 */
const handshakeToken = (socket: Socket): { token: string; via: 'bearer' | 'cookie' } | null => {
  const query = socket.handshake.query.token;
  if (typeof query === 'string' && query.length <= 512) return { token: query, via: 'bearer' };
  const cookie = readCookie(socket.handshake.headers.cookie, AUTH_TOKEN_KEY);
  return cookie && cookie.length <= 512 ? { token: cookie, via: 'cookie' } : null;
};

/** The peer message that revokes sessions on the other processes. */
const REVOKE_ROOMS = 'revoke-rooms';
/** The peer message that has the other processes read these admins' permissions again. */
const PRESENCE_RECHECK = 'presence-recheck';

/** Cross-process signals (cache invalidation). */
export type PeerSignal = 'ip-list-changed' | 'basic-settings-changed';

export interface RealtimeOptions {
  /** PostgreSQL pool for the cross-process adapter; omitted = this process only (PGlite). */
  pool?: pg.Pool | undefined;
  log?: FastifyBaseLogger;
}

/**
 * The pool as the adapter sees it. Its LISTEN connection is a client of its own, not one of the
 * pool's: a pool connection held for the process's lifetime would make `pool.end()` wait for it
 * forever (and the adapter 0.5 even loses one that fails while it sets up LISTEN). Every such
 * client is tracked and `releaseAll` (on close) ends whatever is still open; once closed,
 * `connect` simply never answers. Queries (NOTIFY, attachments) go through the pool.
 */
const adapterPool = (pool: pg.Pool, closed: () => boolean, log?: FastifyBaseLogger) => {
  const never = new Promise<never>(() => undefined);
  const out = new Set<pg.Client>();
  const facade = {
    connect: async () => {
      if (closed()) return never;
      const client = new pg.Client(pool.options);
      client.on('error', (err) => log?.warn({ err }, 'socket.io adapter connection error'));
      await client.connect();
      const end = () => {
        if (!out.delete(client)) return;
        void client.end().catch(() => undefined);
      };
      if (closed()) {
        void client.end().catch(() => undefined);
        return never;
      }
      out.add(client);
      return Object.assign(client, { release: end });
    },
    query: pool.query.bind(pool),
  };
  return {
    pool: facade as unknown as pg.Pool,
    releaseAll: () => {
      for (const client of [...out]) {
        out.delete(client);
        void client.end().catch(() => undefined);
      }
    },
  };
};

export const adminRoom = (adminId: string) => `admin:${adminId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export const createRealtime = (options: RealtimeOptions = {}): Realtime => {
  let io: Server | null = null;
  let attached: RealtimeDeps | null = null;
  const peerHandlers = new Map<PeerSignal, (() => Promise<void> | void)[]>();
  let releaseAdapterConnections: () => void = () => undefined;
  let presence: Presence | null = null;

  /**
   * Tells the sockets in these rooms, then disconnects them: on this process directly, and on the
   * others through one peer message each handles the same way. (Through the cluster adapter an
   * emit is delivered locally only after its NOTIFY round trip, while a disconnect is immediate,
   * so the socket would be gone before it heard why.)
   */
  const revokeHere = (rooms: string[], reason: string) => {
    if (!io) return;
    io.local.to(rooms).emit(SOCKET_EVENTS.sessionRevoked, { reason });
    io.local.in(rooms).disconnectSockets(true);
  };
  const revokeRooms = (rooms: string[], reason: string) => {
    if (!io || rooms.length === 0) return;
    revokeHere(rooms, reason);
    if (options.pool) io.serverSideEmit(REVOKE_ROOMS, { rooms, reason });
  };

  return {
    attach: (server, deps) => {
      attached = deps;
      io = new Server(server, {
        path: SOCKET_PATH,
        serveClient: false,
        // WebSocket only, as the web client connects (SOCKET_CLIENT_OPTIONS): the worker
        // processes share one port, and long-polling's requests would be spread over them.
        transports: ['websocket'],
        // Same origin only: the app is served by this server (Vite proxies in development).
        cors: { origin: false },
        connectTimeout: 20_000,
        maxHttpBufferSize: 16 * 1024,
      });
      if (options.pool) {
        const shared = adapterPool(options.pool, () => io === null, options.log);
        releaseAdapterConnections = shared.releaseAll;
        io.adapter(
          createAdapter(shared.pool, {
            errorHandler: (err) => options.log?.warn({ err }, 'socket.io PostgreSQL adapter error'),
          }),
        );
        io.on(REVOKE_ROOMS, (message: { rooms?: unknown; reason?: unknown }) => {
          const rooms = Array.isArray(message.rooms) ? message.rooms.map(String) : [];
          revokeHere(rooms, String(message.reason ?? ''));
        });
        io.on(PRESENCE_RECHECK, (message: { adminIds?: unknown }) => {
          if (Array.isArray(message.adminIds))
            presence?.recheckAdmins(message.adminIds.map(String));
        });
        for (const signal of peerHandlers.keys()) {
          io.on(signal, () => {
            for (const handler of peerHandlers.get(signal) ?? []) {
              void Promise.resolve()
                .then(handler)
                .catch((err: unknown) =>
                  options.log?.warn({ err, signal }, 'a peer signal handler failed'),
                );
            }
          });
        }
      }
      io.use((socket, next) => {
        void (async () => {
          const credential = handshakeToken(socket);
          if (!credential) return next(new Error('unauthenticated'));
          if (credential.via === 'cookie' && !isOwnOrigin(socket, deps.publicOrigin)) {
            return next(new Error('forbidden'));
          }
          if (deps.admit && !(await deps.admit(deps.clientIp(socket)))) {
            return next(new Error('forbidden'));
          }
          const auth = await deps.authenticate(credential.token, credential.via);
          if (!auth) return next(new Error('unauthenticated'));
          socket.data.adminId = auth.admin.id;
          socket.data.sessionId = auth.session.id;
          await socket.join([adminRoom(auth.admin.id), sessionRoom(auth.session.id)]);
          await identifyPresence(socket, auth);
          next();
        })().catch(() => next(new Error('unavailable')));
      });
      presence = registerPresence(io, {
        reauthenticate: async (socket) => {
          const credential = handshakeToken(socket);
          return credential ? deps.authenticate(credential.token, credential.via) : null;
        },
        log: options.log,
      });
    },
    emitToAdmins: (adminIds, event, payload) => {
      if (!io || adminIds.length === 0) return;
      io.to(adminIds.map(adminRoom)).emit(event, payload);
      // Their presence rooms and rights follow the new permissions, on every process.
      if (event === SOCKET_EVENTS.permissionsChanged) {
        presence?.recheckAdmins(adminIds);
        if (options.pool) io.serverSideEmit(PRESENCE_RECHECK, { adminIds: [...adminIds] });
      }
    },
    broadcast: (event, payload) => {
      io?.emit(event, payload);
    },
    revokeSessions: (sessionIds, reason) => revokeRooms(sessionIds.map(sessionRoom), reason),
    revokeAdmins: (adminIds, reason) => revokeRooms(adminIds.map(adminRoom), reason),
    readmit: async () => {
      const admit = attached?.admit;
      if (!io || !attached || !admit) return 0;
      const { clientIp } = attached;
      let refused = 0;
      for (const socket of [...io.sockets.sockets.values()]) {
        if (await admit(clientIp(socket))) continue;
        socket.disconnect(true);
        refused++;
      }
      return refused;
    },
    notifyPeers: (signal) => {
      // The in-memory adapter has no peers (and would only warn).
      if (io && options.pool) io.serverSideEmit(signal);
    },
    onPeerSignal: (signal, handler) => {
      if (io) throw new Error('register peer signal handlers before attach');
      peerHandlers.set(signal, [...(peerHandlers.get(signal) ?? []), handler]);
    },
    connectionCount: () => io?.sockets.sockets.size ?? 0,
    close: async () => {
      if (!io) return;
      const server = io;
      io = null;
      presence = null;
      // This process's sockets only (`local`: with the adapter a plain emit reaches every node).
      // They are told, then their transport closes, so the clients reconnect by themselves to a
      // process that stays. The HTTP server belongs to Fastify, which closes it.
      server.local.emit(SOCKET_EVENTS.serverRestarting, {});
      server.engine.close();
      // The PostgreSQL adapter gives its LISTEN connection back to the pool.
      await server.of('/').adapter.close();
      releaseAdapterConnections();
      await Promise.resolve();
    },
  };
};
