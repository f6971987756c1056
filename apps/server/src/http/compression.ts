import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { API_PATHS } from '@safarnama/contract';

/**
 * Answers are compressed from this size on (smaller ones fit in a packet or two as they are).
 */
export const COMPRESS_THRESHOLD = 1024;
/**
 * Brotli quality for answers compressed on the fly, chosen on real list answers (the bench data
 * set). zlib alone: a 10-row itinerary page (31 KB) → 3.8 KB in ~0.15–0.2 ms; quality 5 saves
 * another 7–11 % for 1.3–2× the time, 11 takes ~24 ms; a 100-row page (300 KB) → 20 KB in ~1.2–1.7
 * ms. Through HTTP (autocannon, 10 connections, server CPU per answer): 0.13 ms plain, 0.46 ms at
 * quality 4 — +0.3 ms for a list page that goes out 27 KB lighter. gzip (level 6) only for clients
 * without brotli.
 */
export const BROTLI_QUALITY = 4;
/**
 * Answers up to this size are compressed in one call on the event loop (~0.3 ms for the largest
 * 10-row page, image libraries at 78 KB); larger ones (a 100-row page, the OpenAPI document) go
 * through a zlib stream on the thread pool. The plugin's default on 2 cores, 8 KB, sent every list
 * page through a stream: 0.9–1.1 ms of CPU for the 31 KB page and 2.3 ms for the 78 KB one,
 * against 0.46 and 0.7 ms in one call.
 */
export const SYNC_THRESHOLD = 128 * 1024;

/**
 * What is compressed: text, JSON and XML types (the default of @fastify/compress without
 * `octet-stream`), plus what mime-db calls compressible: images, PDFs, zip and gzip files are
 * not.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/u;

/**
 * Compresses every answer of the routes registered after it (br, else gzip, from 1 KB; streams
 * stay streams) when the client asks for it; `Vary: Accept-Encoding` goes with each. Uploaded
 * files are sent as they are (images, already compressed); the built web app's files are
 * precompressed at build and @fastify/static sends the `.br` / `.gz` file (http/web.ts), so only
 * what has no such file is compressed here. Request bodies are never decompressed. Register it
 * before the routes; its onSend is a route hook, so it runs after the app-wide ones (idempotency
 * stores the plain answer, a replay is compressed for whoever asks).
 */
export const registerCompression = async (app: FastifyInstance) => {
  // Before the plugin's own onRoute hook, which reads `compress` when the route is added.
  app.addHook('onRoute', (route) => {
    if (route.url?.startsWith(`${API_PATHS.uploads}/`)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: SYNC_THRESHOLD,
    customTypes: COMPRESSIBLE,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
    globalDecompression: false,
  });
};
