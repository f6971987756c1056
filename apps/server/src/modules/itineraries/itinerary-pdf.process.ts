import { fork, type ChildProcess } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { ITINERARY_PDF_TEXTS } from '@safarnama/contract';
import { ServiceUnavailable } from '../../http/errors.js';
import type { PdfImageBytes, PdfInput } from './itinerary-pdf.plan.js';

/**
 * What the HTTP process sends: a PDF to draw (its data and image keys), or the bytes of the image
 * keys the PDF process asked for.
 */
export type PdfJob =
  | { kind: 'render'; id: number; input: PdfInput }
  | { kind: 'bytes'; id: number; bytes: PdfImageBytes };

/**
 * What the PDF process answers: the storage keys it still needs (images it has not converted
 * before), then the file it wrote the PDF to (and the images it had to leave out) or the error's
 * message.
 */
export type PdfJobResult =
  | { kind: 'need'; id: number; keys: string[] }
  | { kind: 'done'; id: number; ok: true; file: string; skipped: string[] }
  | { kind: 'done'; id: number; ok: false; message: string };

/** Reads the stored bytes of these keys (a key left out of the answer could not be read). */
export type ReadImageBytes = (keys: string[]) => Promise<PdfImageBytes>;

/** The process stops after this long without a PDF, and its memory goes with it. */
export const PDF_PROCESS_IDLE_MS = 30_000;
/** PDFs in the process at once; one more is refused with 503 until one is done. */
export const PDF_PROCESS_MAX_JOBS = 8;
/** A PDF still not drawn after this long stops the process (and fails the PDFs it held). */
export const PDF_PROCESS_TIMEOUT_MS = 60_000;
/** The process's niceness: the HTTP process gets the CPU first when both want it. */
export const PDF_PROCESS_NICENESS = 10;

const here = fileURLToPath(import.meta.url);
/** dist/itinerary-pdf-worker.js beside the built server; the TypeScript source (tsx) in tests. */
const defaultEntry = () =>
  here.endsWith('.ts')
    ? {
        entry: join(dirname(here), 'itinerary-pdf.worker.ts'),
        loader: pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href,
      }
    : { entry: join(dirname(here), 'itinerary-pdf-worker.js'), loader: null };

export interface PdfProcessOptions {
  log: FastifyBaseLogger;
  idleMs?: number;
  maxJobs?: number;
  timeoutMs?: number;
  /** The entry to fork (tests); default the PDF worker beside this file. */
  entry?: { entry: string; loader: string | null };
}

/**
 * The itinerary PDF drawn in a child process of its own (issue 22), as the upload pipeline's
 * pixel work is (media/image-process.ts): text shaping, image conversion and compression are CPU
 * work that would otherwise hold the event loop for a few hundred milliseconds per PDF. Forked
 * at the first PDF with `MALLOC_ARENA_MAX=2` and a lower priority, stopped
 * {@link PDF_PROCESS_IDLE_MS} after its last; Buffers cross the channel as bytes (`advanced`
 * serialization). A process that dies or runs past {@link PDF_PROCESS_TIMEOUT_MS} fails the PDFs it
 * held (500, reason in the log) and the next PDF starts a new one.
 */
export const createPdfProcess = ({
  log,
  idleMs = PDF_PROCESS_IDLE_MS,
  maxJobs = PDF_PROCESS_MAX_JOBS,
  timeoutMs = PDF_PROCESS_TIMEOUT_MS,
  entry = defaultEntry(),
}: PdfProcessOptions) => {
  let child: ChildProcess | null = null;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | null = null;
  let closed = false;
  const pending = new Map<
    number,
    {
      resolve: (pdf: Buffer) => void;
      reject: (err: Error) => void;
      read: ReadImageBytes;
      timer: NodeJS.Timeout;
      child: ChildProcess;
    }
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

  const failAll = (of: ChildProcess, err: Error) => {
    for (const [id, job] of pending) {
      if (job.child !== of) continue;
      clearTimeout(job.timer);
      pending.delete(id);
      job.reject(err);
    }
  };

  const start = () => {
    const started = fork(entry.entry, [], {
      serialization: 'advanced',
      execArgv: entry.loader ? ['--import', entry.loader] : [],
      env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    if (started.pid !== undefined) {
      try {
        setPriority(started.pid, PDF_PROCESS_NICENESS);
      } catch (err) {
        log.debug({ err }, 'The PDF process keeps the normal priority');
      }
    }
    /** The folder the child writes its PDFs to (learnt from its first PDF), removed on its exit. */
    let outDir: string | null = null;
    started.on('message', (message: PdfJobResult) => {
      if (message.kind === 'done' && message.ok) outDir ??= dirname(message.file);
      const job = pending.get(message.id);
      if (!job) {
        // A PDF no one waits for any more (it timed out, or its files could not be read).
        if (message.kind === 'done' && message.ok) void rm(message.file, { force: true });
        return;
      }
      if (message.kind === 'need') {
        // Only files the PDF process has not converted before cross the channel.
        job.read(message.keys).then(
          (bytes) => {
            if (pending.has(message.id) && started.connected) {
              started.send({ kind: 'bytes', id: message.id, bytes } satisfies PdfJob);
            }
          },
          (err: unknown) => {
            if (!pending.delete(message.id)) return;
            clearTimeout(job.timer);
            job.reject(err instanceof Error ? err : new Error(String(err)));
            // The process still waits for the bytes: without them it draws the PDF with none.
            if (started.connected) started.send({ kind: 'bytes', id: message.id, bytes: {} });
          },
        );
        return;
      }
      pending.delete(message.id);
      clearTimeout(job.timer);
      if (message.ok) {
        if (message.skipped.length > 0) {
          log.warn({ images: message.skipped }, 'Images left out of an itinerary PDF (unreadable)');
        }
        // Read on a libuv thread, then removed: the event loop never copies the PDF's bytes.
        readFile(message.file)
          .then(
            (pdf) => {
              job.resolve(pdf);
            },
            (err: unknown) => {
              job.reject(err instanceof Error ? err : new Error(String(err)));
            },
          )
          .finally(() => rm(message.file, { force: true }).catch(() => undefined));
      } else {
        log.error({ reason: message.message }, 'An itinerary PDF could not be drawn');
        job.reject(new Error(`The PDF could not be drawn: ${message.message}`));
      }
      armIdle();
    });
    started.on('error', (err) => log.error({ err }, 'The PDF process failed'));
    started.on('exit', (code, signal) => {
      if (child === started) child = null;
      // A child killed before its own clean-up leaves its folder: removed here.
      if (outDir) void rm(outDir, { recursive: true, force: true }).catch(() => undefined);
      if (![...pending.values()].some((job) => job.child === started)) return;
      if (!closed) log.error({ code, signal }, 'The PDF process stopped while drawing');
      failAll(started, new Error(closed ? 'The PDF process is closed' : 'The PDF process stopped'));
    });
    return started;
  };

  /**
   * Draws one PDF in the child, which asks `read` for the image files it has not converted yet;
   * 503 while {@link PDF_PROCESS_MAX_JOBS} are already being drawn.
   */
  const render = (input: PdfInput, read: ReadImageBytes) =>
    new Promise<Buffer>((resolve, reject) => {
      if (closed) {
        reject(new Error('The PDF process is closed'));
        return;
      }
      if (pending.size >= maxJobs) {
        reject(new ServiceUnavailable(ITINERARY_PDF_TEXTS.busy));
        return;
      }
      if (!child?.connected) child = start();
      const worker = child;
      const id = nextId++;
      const timer = setTimeout(() => {
        log.error({ timeoutMs }, 'An itinerary PDF took too long; the PDF process is stopped');
        if (child === worker) child = null;
        worker.kill('SIGKILL');
        failAll(worker, new Error('The PDF took too long to draw'));
      }, timeoutMs);
      timer.unref();
      pending.set(id, { resolve, reject, read, timer, child: worker });
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      worker.send({ kind: 'render', id, input } satisfies PdfJob);
    });

  return {
    render,
    /** The child's pid while it runs (tests). */
    pid: () => child?.pid ?? null,
    close: () => {
      closed = true;
      const running = child;
      stop();
      if (running) failAll(running, new Error('The PDF process is closed'));
    },
  };
};
export type PdfProcess = ReturnType<typeof createPdfProcess>;
