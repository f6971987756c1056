import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Real images for tests, made with sharp. Noise keeps small ones from compressing to nothing;
 * big ones are flat (generating 12 MP of noise alone takes seconds).
 */
const noisy = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({
    create: {
      width,
      height,
      channels,
      background: { r: 200, g: 80, b: 40, alpha: 1 },
      ...(width * height <= 2_000_000
        ? { noise: { type: 'gaussian' as const, mean: 120, sigma: 40 } }
        : {}),
    },
  });

/** A JPEG; `gps` adds EXIF with GPS coordinates and a camera model. */
export const makeJpeg = async (
  width = 1000,
  height = 750,
  options: { gps?: boolean; orientation?: number } = {},
) => {
  let image = noisy(width, height).jpeg({ quality: 80 });
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Model 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '28/1 36/1 50/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '77/1 12/1 30/1',
      },
    });
  }
  const buffer = await image.toBuffer();
  if (!options.orientation) return buffer;
  return sharp(buffer).withMetadata({ orientation: options.orientation }).jpeg().toBuffer();
};

export const makePng = (width = 400, height = 300) => noisy(width, height, 4).png().toBuffer();
export const makeWebp = (width = 400, height = 300) => noisy(width, height).webp().toBuffer();

/** A GIF; with `frames` > 1 an animation of differently coloured frames. */
export const makeGif = async (width = 120, height = 80, frames = 1) => {
  const raw = Buffer.alloc(width * height * frames * 4);
  for (let f = 0; f < frames; f++) {
    for (let p = 0; p < width * height; p++) {
      const o = (f * width * height + p) * 4;
      raw[o] = (f * 80 + p) % 256;
      raw[o + 1] = (f * 40) % 256;
      raw[o + 2] = 255 - ((f * 60) % 256);
      raw[o + 3] = 255;
    }
  }
  return sharp(raw, { raw: { width, height: height * frames, channels: 4, pageHeight: height } })
    .gif({ loop: 0, delay: Array.from({ length: frames }, () => 100) })
    .toBuffer();
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A valid-looking PNG of a few hundred bytes whose header declares `width`×`height` pixels. */
export const makePixelFloodPng = (width = 60000, height = 60000) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('tEXt', Buffer.from(`Comment\0${'x'.repeat(120)}`, 'latin1')),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The classic GIF/JavaScript polyglot: a GIF header whose "dimensions" open a JS comment. */
export const makeGifJsPolyglot = () =>
  Buffer.concat([
    Buffer.from('GIF89a/*', 'latin1'),
    Buffer.from([0x00, 0x00, 0x00, 0x00, 0x00]),
    Buffer.from('*/=1;alert(document.cookie);//', 'latin1'),
    Buffer.alloc(200, 0x20),
  ]);

export const HTML_AS_JPG = Buffer.from(
  `<!doctype html><html><body><script>alert(document.cookie)</script>${' '.repeat(200)}</body></html>`,
);
export const SVG_WITH_SCRIPT = Buffer.from(
  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/>${' '.repeat(200)}</svg>`,
);
export const SCRIPT_AS_JPG = Buffer.from(`#!/bin/sh\necho pwned\n${'# padding\n'.repeat(30)}`);

export type FormPart =
  | { name: string; value: string }
  | { name: string; data: Buffer; filename?: string; type?: string };

/** A real multipart body (the platform's FormData serialiser) for `inject`. */
export const multipart = async (parts: FormPart[]) => {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else
      form.append(
        part.name,
        new Blob([part.data], { type: part.type ?? 'image/jpeg' }),
        part.filename ?? 'photo.jpg',
      );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
};
