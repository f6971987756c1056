/**
 * The PDF process's entry (itinerary-pdf.process.ts forks it, `dist/itinerary-pdf-worker.js`
 * when built): one message per PDF, answered with its bytes or the error's message. pdfkit,
 * fontkit and sharp only ever run here, so drawing a document never holds the HTTP process's event
 * loop. It exits when the server closes the channel (idle, shutdown) or dies.
 */
import sharp from 'sharp';
import { asBuffer } from '../../media/image-process.js';
import { renderItineraryPdf } from './itinerary-pdf.document.js';
import type { PdfJob, PdfJobResult } from './itinerary-pdf.process.js';

// One libvips thread per operation and no operation cache, as in the upload pipeline: a few
// conversions at once use the two cores without taking every libuv thread.
sharp.concurrency(1);
sharp.cache(false);

const reply = (message: PdfJobResult) => {
  if (process.connected) process.send?.(message);
};

process.on('message', (job: PdfJob) => {
  const input = {
    ...job.input,
    images: job.input.images.map((image) => ({ ...image, bytes: asBuffer(image.bytes) })),
    logo: job.input.logo ? { ...job.input.logo, bytes: asBuffer(job.input.logo.bytes) } : null,
  };
  renderItineraryPdf(input).then(
    ({ pdf, skipped }) => reply({ id: job.id, ok: true, pdf, skipped }),
    (err: unknown) =>
      reply({ id: job.id, ok: false, message: err instanceof Error ? err.message : String(err) }),
  );
});
process.on('disconnect', () => process.exit(0));
