import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { AUTH_TOKEN_KEY, SOCKET_EVENTS, SOCKET_PATH } from '@safarnama/contract';
import type { AuthContext } from '../http/access.js';

/**
 * The realtime socket (DESIGN §7): socket.io on the API's HTTP server. A connection is accepted
 * only with a live session token (query `token`, or the HttpOnly `authToken` cookie of a
 * remember-me session) and joins the rooms `admin:<id>` and `session:<id>`. Services push events
 * through this hub and revoke sessions through it, so a revoked token's sockets close at once.
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
}

const readCookie = (header: string | undefined, name: string): string | undefined => {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
};

export const adminRoom = (adminId: string) => `admin:${adminId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export const createRealtime = (): Realtime => {
  let io: Server | null = null;
  let attached: RealtimeDeps | null = null;

  const revokeRooms = (rooms: string[], reason: string) => {
    if (!io || rooms.length === 0) return;
    io.to(rooms).emit(SOCKET_EVENTS.sessionRevoked, { reason });
    io.in(rooms).disconnectSockets(true);
  };

  return {
    attach: (server, deps) => {
      attached = deps;
      io = new Server(server, {
        path: SOCKET_PATH,
        serveClient: false,
        // Same origin only: the app is served by this server (Vite proxies in development).
        cors: { origin: false },
        connectTimeout: 20_000,
        maxHttpBufferSize: 16 * 1024,
      });
      io.use((socket, next) => {
        void (async () => {
          const query = socket.handshake.query.token;
          const fromQuery = typeof query === 'string' && query.length <= 512 ? query : undefined;
          const fromCookie = fromQuery
            ? undefined
            : readCookie(socket.handshake.headers.cookie, AUTH_TOKEN_KEY);
          const token =
            fromQuery ?? (fromCookie && fromCookie.length <= 512 ? fromCookie : undefined);
          if (!token) return next(new Error('unauthenticated'));
          if (deps.admit && !(await deps.admit(deps.clientIp(socket)))) {
            return next(new Error('forbidden'));
          }
          const auth = await deps.authenticate(token, fromQuery ? 'bearer' : 'cookie');
          if (!auth) return next(new Error('unauthenticated'));
          socket.data.adminId = auth.admin.id;
          socket.data.sessionId = auth.session.id;
          await socket.join([adminRoom(auth.admin.id), sessionRoom(auth.session.id)]);
          next();
        })().catch(() => next(new Error('unavailable')));
      });
    },
    emitToAdmins: (adminIds, event, payload) => {
      if (!io || adminIds.length === 0) return;
      io.to(adminIds.map(adminRoom)).emit(event, payload);
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
    connectionCount: () => io?.sockets.sockets.size ?? 0,
    close: async () => {
      if (!io) return;
      const server = io;
      io = null;
      // Sockets and the engine only: the HTTP server belongs to Fastify, which closes it.
      server.disconnectSockets(true);
      server.engine.close();
      await Promise.resolve();
    },
  };
};
