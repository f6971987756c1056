import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { withAccess } from './access.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Paths the single-page app never owns: the API and uploaded files. */
const isReservedPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url === '/uploads' || url.startsWith('/uploads/');

/**
 * Serves the built web app (WEB_DIST) on the API's port: hashed files under /assets are cached for
 * a year, everything else (index.html included) must revalidate.
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
        index: 'index.html',
        wildcard: true,
        cacheControl: false,
        decorateReply: false,
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

export const readIndex = (index: string) => readFile(index);
