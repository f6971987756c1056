import { describe, expect, it } from 'vitest';
import type { Itinerary } from '@safarnama/contract';
import {
  PDF_GALLERY_MAX,
  gstNote,
  mealsLine,
  pdfFileName,
  pdfImageIds,
  pdfImageKey,
  pdfImagePlan,
  pdfPriceTables,
} from './itinerary-pdf.plan.js';

const image = (id: string) => ({ _id: id }) as Itinerary['gallery'][number];
const itinerary = (extra: Partial<Itinerary>): Itinerary =>
  ({
    title: 'Goa',
    pricePerPerson: 20000,
    groupSize: 4,
    months: [],
    priceBands: [],
    gst: { rate: 0, included: true },
    gallery: [],
    coverImage: null,
    dailyItinerary: [],
    ...extra,
  }) as unknown as Itinerary;

describe('what the itinerary PDF shows', () => {
  it('cover: the library cover, else the first gallery image; days keep their picture; the rest is the gallery', () => {
    const gallery = ['a', 'b', 'c', 'd'].map(image);
    const days = [
      { imageId: 'c' },
      { imageId: null },
      { imageId: 'gone' },
    ] as Itinerary['dailyItinerary'];
    expect(pdfImagePlan(itinerary({ gallery, dailyItinerary: days }))).toEqual({
      cover: 'a',
      days: ['c', null, null],
      gallery: ['b', 'd'],
    });
    const withCover = pdfImagePlan(itinerary({ gallery, coverImage: image('lib') }));
    expect(withCover.cover).toBe('lib');
    expect(withCover.gallery).toEqual(['a', 'b', 'c', 'd']);
    expect(pdfImageIds(withCover)).toEqual(['lib', 'a', 'b', 'c', 'd']);
    const many = Array.from({ length: 30 }, (_, i) => image(`g${String(i)}`));
    expect(pdfImagePlan(itinerary({ gallery: many })).gallery).toHaveLength(PDF_GALLERY_MAX);
  });

  it('embeds the 768 px variant, a smaller photo its widest, an image without variants its original', () => {
    const variants = [
      { width: 1600, key: 'k-1600.webp' },
      { width: 320, key: 'k-320.webp' },
      { width: 768, key: 'k-768.webp' },
    ];
    expect(pdfImageKey({ fileKey: 'k.jpg', variants })).toBe('k-768.webp');
    expect(pdfImageKey({ fileKey: 'k.jpg', variants: variants.slice(1, 2) })).toBe('k-320.webp');
    expect(pdfImageKey({ fileKey: 'k.jpg', variants: [{ width: 1000, key: 'k-1000.webp' }] })).toBe(
      'k-1000.webp',
    );
    expect(pdfImageKey({ fileKey: 'k.gif', variants: [] })).toBe('k.gif');
  });

  it('price tables: months with the same prices share a column, rows by group size, Indian grouping', () => {
    const tables = pdfPriceTables(
      itinerary({
        groupSize: 6,
        months: ['June', 'July', 'August', 'October', 'December'],
        priceBands: [
          {
            months: ['JUN', 'JUL', 'AUG'],
            minGroupSize: 1,
            maxGroupSize: 2,
            pricePerPerson: 40000,
          },
          { months: ['DEC'], minGroupSize: 1, maxGroupSize: 6, pricePerPerson: 125000 },
        ],
      }),
    );
    expect(tables).toEqual([
      {
        columns: ['Jun–Aug', 'Oct', 'Dec'],
        rows: [
          { label: '1–2 people', cells: ['₹40,000', '₹20,000', '₹1,25,000'] },
          { label: '3–6 people', cells: ['₹20,000', '₹20,000', '₹1,25,000'] },
        ],
      },
    ]);
    // GST added when the prices exclude it; a second table past five columns.
    const wide = pdfPriceTables(
      itinerary({
        groupSize: 1,
        gst: { rate: 18, included: false },
        priceBands: ['JAN', 'MAR', 'MAY', 'JUL', 'SEP', 'NOV'].map((m, i) => ({
          months: [m],
          minGroupSize: 1,
          maxGroupSize: 1,
          pricePerPerson: 10000 + i,
        })) as Itinerary['priceBands'],
      }),
    );
    expect(wide.map((t) => t.columns.length)).toEqual([5, 5, 2]);
    expect(wide[0]?.rows[0]).toEqual({
      label: '1 person',
      cells: ['₹11,800', '₹23,600', '₹11,801', '₹23,600', '₹11,802'],
    });
  });

  it('GST note as configured, meals in meal order, the file name from the title', () => {
    expect(gstNote({ rate: 5, included: true })).toBe('Prices include 5% GST');
    expect(gstNote({ rate: 18, included: false })).toBe(
      'Prices include 18% GST, added to the base price',
    );
    expect(gstNote({ rate: 2.5, included: true })).toBe('Prices include 2.5% GST');
    expect(gstNote({ rate: 0, included: false })).toBeNull();
    expect(mealsLine(['dinner', 'breakfast'])).toBe('Breakfast, Dinner');
    expect(mealsLine([])).toBe('');
    expect(pdfFileName('Kerala Backwaters & Hills (Monsoon)')).toBe(
      'kerala-backwaters-hills-monsoon.pdf',
    );
    expect(pdfFileName('केरल यात्रा')).toBe('itinerary.pdf');
    expect(pdfFileName('Goa "special"')).toBe('goa-special.pdf');
  });
});
