/**
 * The image process's entry (media/image-process.ts forks it): runs the upload pipeline's decode
 * and encode work (`createImagePipeline().process`) for the server, one message per image, and
 * answers the processed image or the error's status and message. It exits when the server closes
 * the channel (idle, shutdown) or dies, so its memory goes back to the system with it.
 */
import { AppError } from '../http/errors.js';
import { createLimiter } from './limit.js';
import { SHARP_JOBS, createImagePipeline, makeCrops } from './pipeline.js';
import { asBuffer, type ImageJob, type ImageJobResult } from './image-process.js';

const limiter = createLimiter(SHARP_JOBS);
const pipeline = createImagePipeline({ limiter });

const reply = (message: ImageJobResult) => {
  if (process.connected) process.send?.(message);
};

process.on('message', (job: ImageJob) => {
  const done = job.crop
    ? makeCrops(asBuffer(job.buffer), job.crop.focal, limiter).then((crops): ImageJobResult => ({
        id: job.id,
        ok: true,
        crops,
      }))
    : pipeline
        .process(asBuffer(job.buffer))
        .then((image): ImageJobResult => ({ id: job.id, ok: true, image }));
  done.then(
    (message) => reply(message),
    (err: unknown) =>
      reply({
        id: job.id,
        ok: false,
        code: err instanceof AppError ? err.code : null,
        message: err instanceof Error ? err.message : String(err),
      }),
  );
});
process.on('disconnect', () => process.exit(0));
