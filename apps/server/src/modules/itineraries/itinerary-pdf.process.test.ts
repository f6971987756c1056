import { execFileSync } from 'node:child_process';
import { getPriority } from 'node:os';
import pino from 'pino';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Itinerary } from '@safarnama/contract';
import { AppError } from '../../http/errors.js';
import {
  PDF_PROCESS_NICENESS,
  createPdfProcess,
  type PdfProcess,
} from './itinerary-pdf.process.js';
import type { PdfInput } from './itinerary-pdf.plan.js';

const log = pino({ level: 'silent' });
/** No image files: the inputs below name none. */
const noFiles = () => Promise.resolve({});

const input = (title = 'Goa Beaches'): PdfInput => ({
  itinerary: {
    _id: 'x',
    id: 'x',
    title,
    duration: '3 Days',
    type: 'Beach',
    groupSize: 2,
    languages: ['English'],
    pricePerPerson: 20000,
    visibility: 'public',
    imageLibraryId: null,
    imageLibrary: null,
    months: [],
    description: '',
    metaTitle: '',
    metaDescription: '',
    countryId: { _id: 'c', name: 'India', shortName: 'IN' },
    stateId: { _id: 's', name: 'Goa' },
    placeId: { _id: 'p', name: 'Panaji' },
    dailyItinerary: [{ title: 'Day 1', description: 'Beach day' }],
    faqs: [],
    isActive: true,
    gallery: [],
    createdAt: '',
    updatedAt: '',
  } satisfies Itinerary,
  business: { name: 'Test Travels', email: '', phone: '', currencySymbol: '₹', timeZone: 'UTC' },
  madeAt: new Date().toISOString(),
  policy: null,
  images: [],
  logo: null,
});

// The child runs at nice 10 (by design): on a busy 2-core machine (the suites' own workers beside
// it) a PDF there took 11–18 s and the last test's two processes 30 s, so these get 90 s each.
describe('the PDF process', { timeout: 90_000 }, () => {
  let pdfs: PdfProcess | null = null;
  afterEach(() => {
    pdfs?.close();
    pdfs = null;
  });

  it('draws in a child process at a lower priority, and stops when idle', async () => {
    pdfs = createPdfProcess({ log, idleMs: 200 });
    const pdf = await pdfs.render(input(), noFiles);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pid = pdfs.pid();
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);
    expect(getPriority(pid ?? 0)).toBe(PDF_PROCESS_NICENESS);
    if (process.platform === 'linux') {
      // Every thread, V8's helpers too, not only the main one.
      const nice = execFileSync('ps', ['-L', '-o', 'ni=', '-p', String(pid)], { encoding: 'utf8' });
      expect(
        new Set(
          nice
            .split('\n')
            .map((n) => n.trim())
            .filter(Boolean),
        ),
      ).toEqual(new Set([String(PDF_PROCESS_NICENESS)]));
    }
    await expect.poll(() => pdfs?.pid(), { timeout: 5000 }).toBeNull();
  });

  it('asks for the files of images it has not converted, and only those; a missing file is left out', async () => {
    pdfs = createPdfProcess({ log });
    const webp = await sharp({
      create: { width: 800, height: 500, channels: 3, background: '#3a7' },
    })
      .webp()
      .toBuffer();
    const asked: string[][] = [];
    const read = (keys: string[]) => {
      asked.push(keys);
      return Promise.resolve(
        Object.fromEntries(keys.filter((k) => k !== 'gone.webp').map((k) => [k, webp])),
      );
    };
    const withImages = (title: string): PdfInput => {
      const base = input(title);
      return {
        ...base,
        itinerary: {
          ...base.itinerary,
          gallery: [{ _id: 'cover' } as Itinerary['gallery'][number]],
        },
        images: [
          { id: 'cover', key: 'cover-768.webp' },
          { id: 'other', key: 'gone.webp' },
        ],
      };
    };
    const first = await pdfs.render(withImages('One'), read);
    expect(asked).toEqual([['cover-768.webp', 'gone.webp']]);
    expect(first.toString('latin1')).toMatch(
      /\/Subtype \/Image\s+\/BitsPerComponent 8\s+\/Width 768/,
    );
    // Converted once: the next PDF with that image sends only the file that could not be read.
    await pdfs.render(withImages('Two'), read);
    expect(asked).toEqual([['cover-768.webp', 'gone.webp'], ['gone.webp']]);
  });

  it('refuses more PDFs than it takes at once with 503, then takes the next', async () => {
    pdfs = createPdfProcess({ log, maxJobs: 1 });
    const first = pdfs.render(input(), noFiles);
    const second = pdfs.render(input('Second'), noFiles);
    await expect(second).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    await expect(second).rejects.toBeInstanceOf(AppError);
    expect((await first).length).toBeGreaterThan(1000);
    expect((await pdfs.render(input('Third'), noFiles)).length).toBeGreaterThan(1000);
  });

  it('a process that dies fails only the PDFs it held; the next PDF starts a new one', async () => {
    pdfs = createPdfProcess({ log });
    await pdfs.render(input(), noFiles);
    const pid = pdfs.pid() ?? 0;
    const dying = pdfs.render(input('Dying'), noFiles);
    process.kill(pid, 'SIGKILL');
    await expect(dying).rejects.toThrow('The PDF process stopped');
    const again = await pdfs.render(input('Again'), noFiles);
    expect(again.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfs.pid()).not.toBe(pid);
  });
});
