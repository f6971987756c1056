import { expect } from 'vitest';
import { API_PATHS, SOCKET_EVENTS } from '@safarnama/contract';
import { signInOver, startSlowUpload, type ServerProcess } from './server-process.js';
import { connectSocket } from './socket.js';

/**
 * SECURITY 23 against a real server process (one process or a primary with its workers): an
 * upload still arriving when SIGTERM comes is finished (201), a new call is turned away with 503
 * and `Connection: close`, the sockets hear `server-restarting`, and the process exits 0 within
 * `withinMs`.
 */
export const expectGracefulStop = async (server: ServerProcess, withinMs: number) => {
  const { base } = server;
  const token = await signInOver(base);
  const socket = await connectSocket(base, { token });

  // An upload that is still arriving when the signal comes.
  const upload = await startSlowUpload(base, token, { name: 'Bhutan', shortName: 'BT' });
  setTimeout(upload.finish, 1500);
  await new Promise((r) => setTimeout(r, 300));

  const signalled = Date.now();
  server.signal('SIGTERM');
  await new Promise((r) => setTimeout(r, 200));
  const turnedAway = await fetch(`${base}${API_PATHS.service.listCountries}`, {
    headers: { authorization: `Bearer ${token}`, connection: 'close' },
  });
  expect(turnedAway.status).toBe(503);
  expect(turnedAway.headers.get('connection')).toBe('close');

  expect(await upload.answer).toMatchObject({ status: 201 });
  // Once nothing runs any more, the sockets are told before their connection closes.
  expect(await socket.next(SOCKET_EVENTS.serverRestarting, 5000)).toEqual({});
  expect(await server.exited, server.output()).toBe(0);
  expect(Date.now() - signalled).toBeLessThan(withinMs);
  socket.close();
};
