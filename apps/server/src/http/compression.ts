import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { API_PATHS } from '@safarnama/contract';

/**
 * Answers are compressed from this size on (smaller ones fit in a packet or two as they are).
 */
export const COMPRESS_THRESHOLD = 1024;
/**
 * Brotli quality for answers compressed on the fly, chosen by measurement on the bench's real
 * answers at 100k itineraries (`npm run bench`, bench/RESULTS.md "Compressed answers"). A 10-row
 * itinerary page, 32.1 KB: quality 1 → 4.3 KB in 0.04 ms, 2 → 4.3 KB in 0.07 ms, 4 → 3.8 KB in
 * 0.14 ms, 5 → 3.6 KB in 0.18 ms. Inside the loaded server (CPU profile, 10 connections) quality 4
 * took 0.3 ms an answer, 12 % of the server's CPU, and the list's throughput fell ~10 %; quality
 * 1 sends 0.5 KB more (7.5× smaller instead of 8.4×) for a third of the CPU. The web app's own
 * files are precompressed at build at quality 11, so this only concerns API answers.
 */
export const BROTLI_QUALITY = 1;
/**
 * gzip level for clients without brotli, for the same reason: level 1 → 4.5 KB in 0.04 ms, the
 * default 6 → 4.1 KB in 0.1 ms.
 */
export const GZIP_LEVEL = 1;
/**
 * Answers up to this size are compressed in one call on the event loop (~0.3 ms for the largest
 * 10-row page, image libraries at 78 KB); larger ones (a 100-row page, the OpenAPI document) go
 * through a zlib stream on the thread pool. The plugin's default on 2 cores, 8 KB, sent every list
 * page through a stream: 0.9–1.1 ms of CPU for the 31 KB page and 2.3 ms for the 78 KB one,
 * against 0.46 and 0.7 ms in one call.
 */
export const SYNC_THRESHOLD = 128 * 1024;

/** The brotli parameters for JSON and text answers at a quality. */
export const brotliParams = (quality: number) => ({
  [constants.BROTLI_PARAM_QUALITY]: quality,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
});

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
    brotliOptions: { params: brotliParams(BROTLI_QUALITY) },
    zlibOptions: { level: GZIP_LEVEL },
    globalDecompression: false,
  });
};
