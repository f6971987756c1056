/**
 * The PDF process's entry (itinerary-pdf.process.ts forks it, `dist/itinerary-pdf-worker.js`
 * when built). A `render` message names the itinerary's data and image keys; when some image has
 * not been converted here before, the process answers `need` with those storage keys and draws
 * once their `bytes` arrive. The answer is the PDF's bytes or the error's message. pdfkit,
 * fontkit and sharp only ever run here, so drawing a document never holds the HTTP process's
 * event loop. It exits when the server closes the channel (idle, shutdown) or dies.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getPriority, setPriority } from 'node:os';
import sharp from 'sharp';
import { asBuffer } from '../../media/image-process.js';
import {
  renderItineraryPdf,
  takeConverted,
  type TakenConversions,
} from './itinerary-pdf.document.js';
import type { PdfImageBytes, PdfInput } from './itinerary-pdf.plan.js';
import type { PdfJob, PdfJobResult } from './itinerary-pdf.process.js';

// One libvips thread per operation and no operation cache, as in the upload pipeline: a few
// conversions at once use the two cores without taking every libuv thread.
sharp.concurrency(1);
sharp.cache(false);

// The parent lowers this process's priority as it starts it; on Linux that reaches only the
// threads it had by then, so every thread (V8's compiler and GC helpers among them) is given the
// main thread's niceness. Threads made later inherit it.
const reniceThreads = () => {
  try {
    const niceness = getPriority();
    for (const tid of readdirSync('/proc/self/task')) setPriority(Number(tid), niceness);
  } catch {
    // Not Linux, or not allowed: the process keeps what the parent set.
  }
};
reniceThreads();
let reniced = false;

const reply = (message: PdfJobResult) => {
  if (process.connected) process.send?.(message);
};

const waiting = new Map<number, { input: PdfInput; taken: TakenConversions }>();

/**
 * Finished PDFs go to a file in a private folder (0700) and only the path crosses the channel:
 * the server then reads the bytes on a libuv thread, where an IPC message of several hundred KB
 * would be read, joined and copied again on its event loop. The server deletes each file after
 * reading it; the folder goes when this process exits.
 */
let outDir: string | null = null;
const outFolder = () => (outDir ??= mkdtempSync(join(tmpdir(), 'safarnama-pdf-')));
process.on('exit', () => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});
// Stopped by a signal (a test runner, a service manager): exit, so the folder goes too.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => process.exit(0));

const draw = (id: number, input: PdfInput, taken: TakenConversions, bytes: PdfImageBytes) => {
  renderItineraryPdf(input, taken, bytes)
    .then(async ({ pdf, skipped }) => {
      const file = join(outFolder(), `${String(process.pid)}-${String(id)}.pdf`);
      await writeFile(file, pdf, { mode: 0o600 });
      return { file, skipped };
    })
    .then(
      ({ file, skipped }) => reply({ kind: 'done', id, ok: true, file, skipped }),
      (err: unknown) =>
        reply({
          kind: 'done',
          id,
          ok: false,
          message: err instanceof Error ? err.message : String(err),
        }),
    );
};

process.on('message', (job: PdfJob) => {
  if (!reniced) {
    // Once more with the first job: by then the parent's setPriority has surely landed.
    reniced = true;
    reniceThreads();
  }
  if (job.kind === 'render') {
    const taken = takeConverted(job.input);
    if (taken.missing.length === 0) {
      draw(job.id, job.input, taken, {});
      return;
    }
    waiting.set(job.id, { input: job.input, taken });
    reply({ kind: 'need', id: job.id, keys: taken.missing });
    return;
  }
  const pending = waiting.get(job.id);
  if (!pending) return;
  waiting.delete(job.id);
  const bytes: PdfImageBytes = {};
  for (const [key, value] of Object.entries(job.bytes)) bytes[key] = asBuffer(value);
  draw(job.id, pending.input, pending.taken, bytes);
});
process.on('disconnect', () => process.exit(0));
