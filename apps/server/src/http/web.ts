import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { withAccess } from './access.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Paths the single-page app never owns: the API and uploaded files. */
const isReservedPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url === '/uploads' || url.startsWith('/uploads/');

/**
 * Serves the built web app (WEB_DIST) on the API's port: hashed files under /assets are cached for
 * a year, everything else (index.html, sw.js included) must revalidate. The build writes a `.br`
 * and a `.gz` beside each text file (apps/web/scripts/precompress.mjs); the one the client accepts
 * is sent with its `Content-Encoding`, the plain file only to a client that takes neither, and
 * `Vary: Accept-Encoding` either way.
 */
export const registerWeb = async (app: FastifyInstance, webDist: string | undefined) => {
  const index = webDist ? join(webDist, 'index.html') : undefined;
  if (!webDist || !index || !existsSync(index)) {
    app.log.warn({ webDist }, 'web app not built: serving the API only');
    return undefined;
  }
  const assetsDir = `${join(webDist, 'assets')}${sep}`;
  await app.register(
    withAccess('public', async (scope) => {
      await scope.register(fastifyStatic, {
        root: webDist,
        prefix: '/',
        index: ['index.html'],
        wildcard: true,
        cacheControl: false,
        decorateReply: false,
        preCompressed: true,
        allowedPath: (pathName) => !isReservedPath(pathName),
        setHeaders: (reply, filePath) => {
          reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
        },
      });
    }),
  );
  return index;
};

/**
 * History fallback: a GET that is not for the API or uploads and accepts HTML gets index.html, so
 * the app draws its own screen (including its 404) for every client-side route.
 */
export const wantsAppShell = (request: FastifyRequest) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (isReservedPath(path)) return false;
  return (request.headers.accept ?? '').includes('text/html');
};

const EXTENSION = { br: '.br', gzip: '.gz' } as const;

/** br and gzip as the client accepts them, best first (`*` stands for gzip, as in @fastify/static). */
const acceptedEncodings = (header = '') => {
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().replaceAll('*', 'gzip').split(',')) {
    const [token = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (!weights.has(token)) weights.set(token, q ? Number(q.slice(2)) : 1);
  }
  const weight = (encoding: string) => weights.get(encoding) ?? 0;
  return (['br', 'gzip'] as const)
    .filter((e) => weight(e) > 0)
    .sort((a, b) => weight(b) - weight(a));
};

/** The history fallback's answer: index.html, precompressed like the static files. */
export const sendAppShell = async (request: FastifyRequest, reply: FastifyReply, index: string) => {
  reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  for (const encoding of acceptedEncodings(request.headers['accept-encoding'])) {
    const file = await readFile(`${index}${EXTENSION[encoding]}`).catch(() => null);
    if (file) return reply.header('content-encoding', encoding).send(file);
  }
  return reply.send(await readFile(index));
};
