import { describe, expect, it, vi } from 'vitest';
import { SOCKET_PATH } from '@safarnama/contract';
import type * as SocketModule from './socket';

const made: { options: Record<string, unknown>; disconnect: ReturnType<typeof vi.fn> }[] = [];
vi.mock('socket.io-client', () => ({
  io: vi.fn((options: Record<string, unknown>) => {
    const socket = { options, active: true, disconnect: vi.fn(), connect: vi.fn() };
    made.push(socket);
    return socket;
  }),
}));

// The setup file replaces lib/socket for every other test; here the real one runs.
const { openSocket, closeSocket, currentSocket } =
  await vi.importActual<typeof SocketModule>('./socket');

describe('the socket client', () => {
  it('connects with the spec §9 options, over WebSocket only, and the token as the query', () => {
    openSocket('tok-1');
    expect(made[0]?.options).toEqual({
      path: SOCKET_PATH,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20_000,
      // The server's worker processes share a port; a WebSocket stays on one (ops/workers.ts).
      transports: ['websocket'],
      query: { token: 'tok-1' },
      withCredentials: true,
    });
  });

  it('reuses the socket for the same token and replaces it for another', () => {
    const first = openSocket('tok-1');
    expect(openSocket('tok-1')).toBe(first);
    const second = openSocket(null);
    expect(second).not.toBe(first);
    expect(made.at(-1)?.options.query).toEqual({});
    expect(
      (first as unknown as { disconnect: ReturnType<typeof vi.fn> }).disconnect,
    ).toHaveBeenCalled();
    closeSocket();
    expect(currentSocket()).toBeNull();
  });
});
