import { describe, expect, it } from 'vitest';
import { itineraryInputSchema } from '@safarnama/contract';
import { formEntries } from '../../test/utils';
import {
  buildItineraryGalleryForm,
  initialItineraryValues,
  monthCodesOf,
  toItineraryRequest,
  type ItineraryFormValues,
} from './itineraries.form';
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
