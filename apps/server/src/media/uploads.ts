import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PATHS } from '@safarnama/contract';
import { withAccess } from '../http/access.js';
import { IMMUTABLE } from '../http/web.js';

/**
 * Serves the local storage root at `/uploads/<key>`. Access is public (keys are unguessable
 * UUIDv7s and every file is a re-encoded image); files never change under a key, so they are
 * cached for a year. No directory listing, no index file, dot-files (half-written temp files)
 * hidden; a missing file is the API's 404 envelope, never the web app's index.html.
 */
export const registerUploads = async (app: FastifyInstance, root: string) => {
  await app.register(
    withAccess('public', async (scope) => {
      await scope.register(fastifyStatic, {
        root,
        prefix: `${API_PATHS.uploads}/`,
        decorateReply: false,
        wildcard: true,
        index: false,
        list: false,
        redirect: false,
        dotfiles: 'deny',
        etag: true,
        lastModified: false,
        cacheControl: false,
        setHeaders: (reply) => {
          reply.header('cache-control', IMMUTABLE);
          reply.header('x-content-type-options', 'nosniff');
          // An image opened directly can run nothing, even if a browser were fooled about its type.
          reply.header('content-security-policy', "default-src 'none'; sandbox");
        },
      });
    }),
  );
};
