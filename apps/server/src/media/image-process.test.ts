import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '@safarnama/contract';
import { AppError } from '../http/errors.js';
import { HTML_AS_JPG, makeJpeg, makePixelFloodPng } from '../test/images.js';
import { createImageProcess, type ImageProcess } from './image-process.js';
import { variantWidths } from './pipeline.js';

const log = pino({ level: 'silent' });
const opened: ImageProcess[] = [];
const open = (idleMs?: number) => {
  const images = createImageProcess({ log, idleMs });
  opened.push(images);
  return images;
};
afterEach(() => {
  for (const images of opened.splice(0)) images.close();
});

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const waitFor = async (check: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
const runningPid = (images: ImageProcess) => {
  const pid = images.pid();
  if (pid === null) throw new Error('the image process is not running');
  return pid;
};
const refusal = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return { status: (err as AppError).status, message: (err as AppError).message };
};

describe('the image process', () => {
  it('decodes and encodes in a child of its own and answers Buffers', async () => {
    const images = open();
    expect(images.pid()).toBeNull();
    const image = await images.process(await makeJpeg(1200, 800));
    const pid = images.pid();
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);
    expect(image).toMatchObject({ mimeType: 'image/jpeg', ext: 'jpg', width: 1200, height: 800 });
    expect(Buffer.isBuffer(image.original)).toBe(true);
    expect(image.variants.map((v) => v.width)).toEqual(variantWidths(1200));
    expect(image.variants.every((v) => Buffer.isBuffer(v.data) && v.data.length > 0)).toBe(true);
    expect(image.placeholder).toMatch(/^#[0-9a-f]{6}$/);
    // The same child serves the next image.
    await images.process(await makeJpeg(400, 300));
    expect(images.pid()).toBe(pid);
  });

  it("answers the pipeline's refusals with their status and message", async () => {
    const images = open();
    expect(await refusal(images.process(HTML_AS_JPG))).toEqual({
      status: 415,
      message: MEDIA_MESSAGES.unsupportedType,
    });
    expect(await refusal(images.process(await makePixelFloodPng()))).toEqual({
      status: 413,
      message: MEDIA_MESSAGES.dimensionsTooLarge,
    });
  });

  it('stops when idle, so its memory goes back, and starts again for the next image', async () => {
    const images = open(200);
    await images.process(await makeJpeg(640, 480));
    const pid = runningPid(images);
    await waitFor(() => images.pid() === null && !isRunning(pid));
    await images.process(await makeJpeg(640, 480));
    expect(images.pid()).not.toBe(pid);
  });

  it('a child that dies mid-decode refuses only that upload; the next one gets a new child', async () => {
    const images = open();
    await images.process(await makeJpeg(320, 240));
    const pid = runningPid(images);
    const big = await makeJpeg(4000, 3000);
    const dying = images.process(big);
    process.kill(pid, 'SIGKILL');
    expect(await refusal(dying)).toEqual({ status: 415, message: MEDIA_MESSAGES.unsupportedType });
    const image = await images.process(await makeJpeg(800, 600));
    expect(image.width).toBe(800);
    expect(images.pid()).not.toBe(pid);
  });

  it('a child that cannot start is an error of the server, not a refused image', async () => {
    const images = createImageProcess({
      log,
      entry: { entry: join(tmpdir(), 'safarnama-no-such-image-worker.js'), loader: null },
    });
    opened.push(images);
    const err = await images.process(await makeJpeg(320, 240)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(AppError);
    expect((err as Error).message).toMatch(/could not start/);
  });

  it('after close it refuses work and its child is gone', async () => {
    const images = open();
    await images.process(await makeJpeg(320, 240));
    const pid = runningPid(images);
    images.close();
    await waitFor(() => !isRunning(pid));
    await expect(images.process(await makeJpeg(320, 240))).rejects.toThrow(/closed/);
  });
});
