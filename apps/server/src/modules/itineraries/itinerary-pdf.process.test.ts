import { getPriority } from 'node:os';
import pino from 'pino';
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

describe('the PDF process', () => {
  let pdfs: PdfProcess | null = null;
  afterEach(() => {
    pdfs?.close();
    pdfs = null;
  });

  it('draws in a child process at a lower priority, and stops when idle', async () => {
    pdfs = createPdfProcess({ log, idleMs: 200 });
    const pdf = await pdfs.render(input());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pid = pdfs.pid();
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);
    expect(getPriority(pid ?? 0)).toBe(PDF_PROCESS_NICENESS);
    await expect.poll(() => pdfs?.pid(), { timeout: 5000 }).toBeNull();
  });

  it('refuses more PDFs than it takes at once with 503, then takes the next', async () => {
    pdfs = createPdfProcess({ log, maxJobs: 1 });
    const first = pdfs.render(input());
    const second = pdfs.render(input('Second'));
    await expect(second).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    await expect(second).rejects.toBeInstanceOf(AppError);
    expect((await first).length).toBeGreaterThan(1000);
    expect((await pdfs.render(input('Third'))).length).toBeGreaterThan(1000);
  });

  it('a process that dies fails only the PDFs it held; the next PDF starts a new one', async () => {
    pdfs = createPdfProcess({ log });
    await pdfs.render(input());
    const pid = pdfs.pid() ?? 0;
    const dying = pdfs.render(input('Dying'));
    process.kill(pid, 'SIGKILL');
    await expect(dying).rejects.toThrow('The PDF process stopped');
    const again = await pdfs.render(input('Again'));
    expect(again.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfs.pid()).not.toBe(pid);
  });
});
