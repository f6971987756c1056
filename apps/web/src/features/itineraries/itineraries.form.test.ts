import { describe, expect, it } from 'vitest';
import { fromPrice, GST_DEFAULT, itineraryInputSchema, priceTable } from '@safarnama/contract';
import { formEntries } from '../../test/utils';
import {
  buildItineraryGalleryForm,
  dayHasExtras,
  initialItineraryValues,
  livePricing,
  monthCodesOf,
  newDay,
  newPriceBand,
  toItineraryRequest,
  type ItineraryFormValues,
} from './itineraries.form';
import { makeImage } from '../image-libraries/test-data';
import { makeItinerary } from './test-data';

const filled = (overrides: Partial<ItineraryFormValues> = {}): ItineraryFormValues => ({
  ...initialItineraryValues(null),
  title: '  Kerala Backwaters  ',
  duration: '7 Days / 6 Nights',
  languages: ['English', 'Hindi'],
  groupSize: 8,
  pricePerPerson: 125000,
  countryId: 'c1',
  stateId: 's1',
  placeId: 'p1',
  ...overrides,
});

describe('initialItineraryValues', () => {
  it('a new itinerary starts with the spec §9 defaults', () => {
    expect(initialItineraryValues(null)).toEqual({
      title: '',
      duration: '',
      type: 'Adventure',
      groupSize: 1,
      languages: [],
      pricePerPerson: 0,
      visibility: 'public',
      imageLibraryId: null,
      months: [],
      description: '',
      metaTitle: '',
      metaDescription: '',
      countryId: '',
      stateId: '',
      placeId: '',
      dailyItinerary: [],
      faqs: [],
      isActive: true,
      // Issue 22: no lists, no bands, GST_DEFAULT.
      highlights: [],
      inclusions: [],
      exclusions: [],
      priceBands: [],
      gst: { rate: 0, included: true },
      // Issue 21: nothing scheduled.
      publishDate: '',
      publishTime: '',
      unpublishDate: '',
      unpublishTime: '',
      publishAt: '',
      unpublishAt: '',
    });
  });

  it('a listed record maps populated ids to plain ids and month names to codes', () => {
    const record = makeItinerary(1, {
      months: ['November', 'March', 'Someday'],
      imageLibraryId: 'lib-1',
      visibility: 'private',
    });
    const values = initialItineraryValues(record);
    expect(values).toMatchObject({
      countryId: 'c1',
      stateId: 's1',
      placeId: 'p1',
      months: ['MAR', 'NOV'],
      groupSize: 12,
      pricePerPerson: 125000,
      imageLibraryId: 'lib-1',
      visibility: 'private',
      dailyItinerary: record.dailyItinerary,
      faqs: record.faqs,
    });
  });

  it('a record saved before issue 22 opens with empty extras, lists and bands and GST_DEFAULT', () => {
    const values = initialItineraryValues(makeItinerary(1));
    expect(values.dailyItinerary[0]).toEqual({
      title: 'Day 1',
      description: 'Arrive in Panaji',
      placeIds: [],
      meals: [],
      stay: '',
      transfer: '',
      imageId: null,
    });
    expect(values).toMatchObject({
      highlights: [],
      inclusions: [],
      exclusions: [],
      priceBands: [],
      gst: GST_DEFAULT,
    });
    // A copy: editing the form's GST never changes the shared default.
    expect(values.gst).not.toBe(GST_DEFAULT);
  });

  it('a record with the issue 22 fields maps each of them', () => {
    const record = makeItinerary(1, {
      dailyItinerary: [
        {
          title: 'Day 1',
          description: '',
          placeIds: ['p2', 'p1'],
          places: [],
          meals: ['breakfast', 'dinner'],
          stay: 'Taj Fort Aguada',
          transfer: 'Private cab',
          imageId: 'img-1',
        },
      ],
      highlights: ['Sunset cruise'],
      inclusions: ['Breakfast'],
      exclusions: ['Flights'],
      priceBands: [{ months: ['NOV'], minGroupSize: 1, maxGroupSize: 4, pricePerPerson: 150000 }],
      gst: { rate: 5, included: false },
    });
    expect(initialItineraryValues(record)).toMatchObject({
      dailyItinerary: [
        {
          placeIds: ['p2', 'p1'],
          meals: ['breakfast', 'dinner'],
          stay: 'Taj Fort Aguada',
          transfer: 'Private cab',
          imageId: 'img-1',
        },
      ],
      highlights: ['Sunset cruise'],
      inclusions: ['Breakfast'],
      exclusions: ['Flights'],
      priceBands: [{ months: ['NOV'], minGroupSize: 1, maxGroupSize: 4, pricePerPerson: 150000 }],
      gst: { rate: 5, included: false },
    });
  });

  it("a new day is 'Day N' with an empty description and no extras", () => {
    expect(newDay(3)).toEqual({
      title: 'Day 3',
      description: '',
      placeIds: [],
      meals: [],
      stay: '',
      transfer: '',
      imageId: null,
    });
    expect(dayHasExtras(newDay(1))).toBe(false);
    expect(dayHasExtras({ ...newDay(1), placeIds: ['p1'] })).toBe(false);
    expect(dayHasExtras({ ...newDay(1), meals: ['lunch'] })).toBe(true);
    expect(dayHasExtras({ ...newDay(1), stay: ' Houseboat ' })).toBe(true);
    expect(dayHasExtras({ ...newDay(1), transfer: 'Ferry' })).toBe(true);
    expect(dayHasExtras({ ...newDay(1), imageId: 'img-1' })).toBe(true);
  });

  it('monthCodesOf accepts names and codes, in calendar order, once each', () => {
    expect(monthCodesOf(['December', 'JAN', 'January', 'Foo'])).toEqual(['JAN', 'DEC']);
  });
});

describe('toItineraryRequest', () => {
  it('a public itinerary is sent as the form holds it, trimmed by the contract schema', () => {
    const values = filled({
      metaTitle: ' Backwaters ',
      dailyItinerary: [{ title: ' Day 1 ', description: ' Alleppey ' }],
      faqs: [{ question: ' Food? ', answer: ' Kerala meals ' }],
    });
    expect(itineraryInputSchema.parse(toItineraryRequest(values))).toMatchObject({
      title: 'Kerala Backwaters',
      metaTitle: 'Backwaters',
      dailyItinerary: [{ title: 'Day 1', description: 'Alleppey' }],
      faqs: [{ question: 'Food?', answer: 'Kerala meals' }],
    });
  });

  it('a private itinerary sends no SEO and no FAQs', () => {
    const request = toItineraryRequest(
      filled({
        visibility: 'private',
        metaTitle: 'Kept?',
        metaDescription: 'No',
        faqs: [{ question: 'Q', answer: 'A' }],
      }),
    );
    expect(request.metaTitle).toBe('');
    expect(request.metaDescription).toBe('');
    expect(request.faqs).toEqual([]);
  });

  it('edit round trip: a record → values → request passes the contract schema unchanged', () => {
    const record = makeItinerary(2);
    expect(
      itineraryInputSchema.parse(toItineraryRequest(initialItineraryValues(record))),
    ).toMatchObject({
      title: record.title,
      countryId: 'c1',
      stateId: 's1',
      placeId: 'p1',
      months: ['MAR', 'NOV'],
      groupSize: 12,
      pricePerPerson: 125000,
      dailyItinerary: record.dailyItinerary,
      faqs: record.faqs,
    });
  });
});

describe('issue 22 in the request', () => {
  it('the day extras, lists, bands and GST are sent as the form holds them', () => {
    const record = makeItinerary(4, { gallery: [makeImage(1, { _id: 'img-1' })] });
    const values = filled({
      dailyItinerary: [
        {
          ...newDay(1),
          placeIds: ['p2', 'p1'],
          meals: ['breakfast', 'lunch'],
          stay: ' Houseboat ',
          transfer: 'Ferry',
          imageId: 'img-1',
        },
      ],
      highlights: [' Sunset cruise ', 'Spice farm'],
      inclusions: ['Breakfast'],
      exclusions: ['Flights'],
      priceBands: [
        { months: ['NOV', 'DEC'], minGroupSize: 1, maxGroupSize: 4, pricePerPerson: 9000 },
      ],
      gst: { rate: 5, included: false },
    });
    expect(itineraryInputSchema.parse(toItineraryRequest(values, record))).toMatchObject({
      dailyItinerary: [
        {
          title: 'Day 1',
          placeIds: ['p2', 'p1'],
          meals: ['breakfast', 'lunch'],
          stay: 'Houseboat',
          transfer: 'Ferry',
          imageId: 'img-1',
        },
      ],
      highlights: ['Sunset cruise', 'Spice farm'],
      inclusions: ['Breakfast'],
      exclusions: ['Flights'],
      priceBands: [
        { months: ['NOV', 'DEC'], minGroupSize: 1, maxGroupSize: 4, pricePerPerson: 9000 },
      ],
      gst: { rate: 5, included: false },
    });
  });

  it("a day's image that is not in the saved gallery is sent as none", () => {
    const values = filled({ dailyItinerary: [{ ...newDay(1), imageId: 'gone' }] });
    expect(toItineraryRequest(values, makeItinerary(1)).dailyItinerary?.[0]?.imageId).toBeNull();
    expect(toItineraryRequest(values).dailyItinerary?.[0]?.imageId).toBeNull();
  });

  it('a new price band covers every group size up to the itinerary’s, at the base price', () => {
    expect(newPriceBand(12, 125000)).toEqual({
      months: [],
      minGroupSize: 1,
      maxGroupSize: 12,
      pricePerPerson: 125000,
    });
    expect(newPriceBand(Number.NaN, Number.NaN)).toMatchObject({
      maxGroupSize: 1,
      pricePerPerson: 0,
    });
  });
});

describe('livePricing', () => {
  const base = {
    pricePerPerson: 100,
    groupSize: 6,
    months: ['MAR' as const, 'NOV' as const],
    priceBands: [],
    gst: { rate: 0, included: true },
  };

  it('leaves out the bands not complete yet, and waits for a base price and a readable GST', () => {
    const pricing = livePricing({
      ...base,
      priceBands: [
        { months: ['NOV'], minGroupSize: 1, maxGroupSize: 2, pricePerPerson: 80 },
        { months: [], minGroupSize: 1, maxGroupSize: 2, pricePerPerson: 10 },
        { months: ['MAR'], minGroupSize: 5, maxGroupSize: 2, pricePerPerson: 10 },
        { months: ['MAR'], minGroupSize: 1, maxGroupSize: Number.NaN, pricePerPerson: 10 },
        { months: ['MAR'], minGroupSize: 1, maxGroupSize: 2, pricePerPerson: Number.NaN },
      ],
    });
    expect(pricing?.priceBands).toEqual([
      { months: ['NOV'], minGroupSize: 1, maxGroupSize: 2, pricePerPerson: 80 },
    ]);
    expect(pricing && fromPrice(pricing)).toBe(80);
    expect(pricing && priceTable(pricing).rows).toEqual([
      { from: 1, to: 2, prices: [100, 80] },
      { from: 3, to: 6, prices: [100, 100] },
    ]);
    expect(livePricing({ ...base, pricePerPerson: Number.NaN })).toBeNull();
    expect(livePricing({ ...base, gst: { rate: 30, included: false } })).toBeNull();
    expect(livePricing({ ...base, gst: { rate: Number.NaN, included: false } })).toBeNull();
    // A cleared group size reads as one person.
    expect(livePricing({ ...base, groupSize: Number.NaN })?.groupSize).toBe(1);
  });
});

describe('buildItineraryGalleryForm', () => {
  it('sends itineraryId, the files and altTexts[i] (trimmed, at most 100)', () => {
    const a = new File([new Uint8Array(200)], 'a.jpg', { type: 'image/jpeg' });
    const b = new File([new Uint8Array(200)], 'b.png', { type: 'image/png' });
    const body = buildItineraryGalleryForm('it-1', [
      { file: a, altText: ' Sunset ' },
      { file: b, altText: 'x'.repeat(120) },
    ]);
    expect(formEntries(body)).toEqual([
      ['itineraryId', 'it-1'],
      ['images', 'file:a.jpg'],
      ['altTexts[0]', 'Sunset'],
      ['images', 'file:b.png'],
      ['altTexts[1]', 'x'.repeat(100)],
    ]);
  });
});
