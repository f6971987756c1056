import { io, type Socket } from 'socket.io-client';
import { SOCKET_CLIENT_OPTIONS } from '@safarnama/contract';

/**
 * The one realtime socket of the app (spec §4, §7 "Realtime", §9 options). It connects to the
 * API's origin with the session token as the `token` query parameter; a remember-me session has
 * no readable token, so it connects without one and its HttpOnly cookie rides along. Opening it
 * again with the same token reuses it; another token (or none after signing out) closes it first.
 * socket.io-client lives in the signed-in layout's chunk, never in the login bundle.
 */
let current: { socket: Socket; token: string | null } | null = null;

export const openSocket = (token: string | null): Socket => {
  if (current && current.token === token) {
    // Refused at the handshake (e.g. just before a sign-in finished): try once more.
    if (!current.socket.active) current.socket.connect();
    return current.socket;
  }
  closeSocket();
  const socket = io({
    ...SOCKET_CLIENT_OPTIONS,
    query: token ? { token } : {},
    withCredentials: true,
  });
  current = { socket, token };
  return socket;
};

/** Closes the socket (sign-out, session over); nothing happens when none is open. */
export const closeSocket = (): void => {
  if (!current) return;
  current.socket.disconnect();
  current = null;
};

/** The open socket, if any. */
export const currentSocket = (): Socket | null => current?.socket ?? null;
