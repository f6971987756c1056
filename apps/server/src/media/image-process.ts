import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { MEDIA_MESSAGES, type ErrorCode, type FocalPoint } from '@safarnama/contract';
import { AppError, UnsupportedMediaType } from '../http/errors.js';
import type { ProcessedCrop, ProcessedImage } from './pipeline.js';

/**
 * One image for the image process to decode and encode, or (issue 24, `crop` set) a stored
 * picture to cut the crops of around a focal point.
 */
export interface ImageJob {
  id: number;
  buffer: Uint8Array;
  crop?: { focal: FocalPoint | null };
}

/** Its answer: the processed image or crops, or the error (an AppError's code, null else). */
export type ImageJobResult =
  | { id: number; ok: true; image: ProcessedImage }
  | { id: number; ok: true; crops: ProcessedCrop[] }
  | { id: number; ok: false; code: ErrorCode | null; message: string };

type JobAnswer = ProcessedImage | ProcessedCrop[];

/** A Buffer over the bytes a message carried (the channel hands over plain Uint8Arrays). */
export const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The process is stopped after this long without an image, and its memory goes with it. */
export const IMAGE_PROCESS_IDLE_MS = 30_000;

const here = fileURLToPath(import.meta.url);
/** dist/image-worker.js beside the built server; the TypeScript source (through tsx) in tests. */
const defaultEntry = () =>
  here.endsWith('.ts')
    ? { entry: join(dirname(here), 'image-worker.ts'), loader: tsxLoader() }
    : { entry: join(dirname(here), 'image-worker.js'), loader: null };
const tsxLoader = () => pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface ImageProcessOptions {
  log: FastifyBaseLogger;
  idleMs?: number;
  /** The entry to fork (tests); default the image worker beside this file. */
  entry?: { entry: string; loader: string | null };
}

/**
 * The upload pipeline's pixel work in a child process of its own (issue 19): libvips decodes a
 * 4000×3000 photo into ~36 MB per pipeline and glibc keeps what its threads freed, which left the
 * server at ~600 MB after a few uploads. In the child (started at the first upload, with
 * `MALLOC_ARENA_MAX=2`) that memory is returned when it stops, {@link IMAGE_PROCESS_IDLE_MS}
 * after its last image; a decoder that crashes on a hostile file takes only the child with it
 * (that file is answered as not an image, the next upload starts a new child). The event loop
 * only copies bytes over the channel.
 */
export const createImageProcess = ({
  log,
  idleMs = IMAGE_PROCESS_IDLE_MS,
  entry = defaultEntry(),
}: ImageProcessOptions) => {
  let child: ChildProcess | null = null;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | null = null;
  let closed = false;
  const pending = new Map<
    number,
    { resolve: (answer: JobAnswer) => void; reject: (err: Error) => void }
  >();

  const stop = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    // The worker exits when its channel closes.
    if (child?.connected) child.disconnect();
    child = null;
  };

  const armIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = pending.size === 0 ? setTimeout(stop, idleMs) : null;
    idleTimer?.unref();
  };

  const start = () => {
    let answered = false;
    const started = fork(entry.entry, [], {
      serialization: 'advanced',
      execArgv: entry.loader ? ['--import', entry.loader] : [],
      env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.on('message', (message: ImageJobResult) => {
      answered = true;
      const job = pending.get(message.id);
      if (!job) return;
      pending.delete(message.id);
      const cropsOf = (crops: ProcessedCrop[]) =>
        crops.map((c) => ({ ...c, data: asBuffer(c.data) }));
      if (message.ok && 'crops' in message) {
        job.resolve(cropsOf(message.crops));
      } else if (message.ok) {
        const { image } = message;
        job.resolve({
          ...image,
          original: asBuffer(image.original),
          variants: image.variants.map((v) => ({ ...v, data: asBuffer(v.data) })),
          crops: cropsOf(image.crops),
        });
      } else {
        job.reject(
          message.code ? new AppError(message.code, message.message) : new Error(message.message),
        );
      }
      armIdle();
    });
    started.on('error', (err) => log.error({ err }, 'The image process failed'));
    started.on('exit', (code, signal) => {
      if (child === started) child = null;
      if (pending.size === 0) return;
      if (closed) {
        for (const job of pending.values()) job.reject(new Error('The image process is closed'));
        pending.clear();
        return;
      }
      if (!answered && signal === null && code !== 0) {
        // It never answered and exited on its own: it could not start (a missing build file, a
        // broken sharp install). Not the images' fault: a 500 and an error in the log.
        log.error({ code, entry: entry.entry }, 'The image process could not start');
        for (const job of pending.values())
          job.reject(new Error('The image process could not start'));
        pending.clear();
        return;
      }
      // Whatever it was decoding made it die: those files are not images we can serve.
      log.warn(
        { code, signal, images: pending.size },
        'The image process stopped while decoding; those uploads are refused as unsupported',
      );
      for (const job of pending.values()) {
        job.reject(new UnsupportedMediaType(MEDIA_MESSAGES.unsupportedType));
      }
      pending.clear();
    });
    return started;
  };

  const send = (buffer: Buffer, crop?: ImageJob['crop']) =>
    new Promise<JobAnswer>((resolve, reject) => {
      if (closed) {
        reject(new Error('The image process is closed'));
        return;
      }
      if (!child?.connected) child = start();
      const id = nextId++;
      pending.set(id, { resolve, reject });
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      child.send({ id, buffer, ...(crop ? { crop } : {}) } satisfies ImageJob);
    });

  return {
    /** Decodes, checks and encodes one image in the child (see pipeline.ts `process`). */
    process: (buffer: Buffer) => send(buffer) as Promise<ProcessedImage>,
    /** Issue 24: the crops of a stored picture around a focal point (pipeline.ts `makeCrops`). */
    crop: (picture: Buffer, focal: FocalPoint | null) =>
      send(picture, { focal }) as Promise<ProcessedCrop[]>,
    /** The child's pid while it runs (tests). */
    pid: () => child?.pid ?? null,
    close: () => {
      closed = true;
      stop();
    },
  };
};
export type ImageProcess = ReturnType<typeof createImageProcess>;
