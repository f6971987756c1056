#!/usr/bin/env node
// Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file
// of dist (JavaScript, CSS, HTML, SVG, JSON, web manifest, text, XML), so the server sends them as
// they are (@fastify/static `preCompressed`, apps/server/src/http/web.ts) instead of compressing on
// every request. A copy is kept only when it is smaller than the file. Images and fonts are
// compressed already and get none; dot-folders (Vite's manifest) are not served and are skipped.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(?:m?js|css|html|svg|json|webmanifest|txt|xml)$/;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : TEXT.test(entry.name) ? [path] : [];
  });

let plain = 0;
let br = 0;
let gz = 0;
for (const file of files(dist)) {
  const source = readFileSync(file);
  const brotli = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gzip = gzipSync(source, { level: 9 });
  if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
  plain += source.length;
  br += Math.min(brotli.length, source.length);
  gz += Math.min(gzip.length, source.length);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`precompress: ${kb(plain)} of text → ${kb(br)} brotli, ${kb(gz)} gzip`);
