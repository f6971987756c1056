import type { IncomingMessage } from 'node:http';

/**
 * The client address of a raw HTTP request (the socket handshake), by the same rule Fastify
 * applies to API requests: the socket's address, or — only behind `trustProxy` configured hops —
 * the address that many hops back in `X-Forwarded-For`. A forged header cannot go further back
 * than the trusted proxies (SECURITY.md case 2).
 */
export const clientIpOf = (request: IncomingMessage, trustProxy: number): string => {
  const socketAddress = request.socket.remoteAddress ?? '';
  if (trustProxy <= 0) return socketAddress;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // Chain from the nearest hop: socket, then X-Forwarded-For right to left.
  const chain = [socketAddress, ...forwarded.reverse()];
  return chain[Math.min(trustProxy, chain.length - 1)] ?? socketAddress;
};
