import { describe, expect, it } from 'vitest';
import { formEntries } from '../../test/utils';
import {
  addDay,
  addFaq,
  buildItineraryGalleryForm,
  initialItineraryValues,
  monthCodesOf,
  moveItem,
  parseItineraryForm,
  toItineraryInput,
  type ItineraryFormValues,
} from './itineraries.form';
import { makeItinerary } from './test-data';

const filled = (overrides: Partial<ItineraryFormValues> = {}): ItineraryFormValues => ({
  ...initialItineraryValues(null),
  title: '  Kerala Backwaters  ',
  duration: '7 Days / 6 Nights',
  languages: ['English', 'Hindi'],
  groupSize: '8',
  pricePerPerson: '125000',
  location: { countryId: 'c1', stateId: 's1', placeId: 'p1' },
  ...overrides,
});

describe('initialItineraryValues', () => {
  it('a new itinerary starts with the spec §9 defaults', () => {
    const values = initialItineraryValues(null);
    expect(values).toMatchObject({
      title: '',
      type: 'Adventure',
      groupSize: '1',
      pricePerPerson: '0',
      visibility: 'public',
      languages: [],
      months: [],
      imageLibraryId: null,
      location: { countryId: '', stateId: '', placeId: '' },
      dailyItinerary: [],
      faqs: [],
      isActive: true,
    });
  });

  it('a listed record maps populated ids to plain ids and month names to codes', () => {
    const record = makeItinerary(1, {
      months: ['November', 'March', 'Someday'],
      imageLibraryId: 'lib-1',
      visibility: 'private',
    });
    const values = initialItineraryValues(record);
    expect(values.location).toEqual({ countryId: 'c1', stateId: 's1', placeId: 'p1' });
    expect(values.months).toEqual(['MAR', 'NOV']);
    expect(values.groupSize).toBe('12');
    expect(values.pricePerPerson).toBe('125000');
    expect(values.imageLibraryId).toBe('lib-1');
    expect(values.visibility).toBe('private');
    expect(values.dailyItinerary.map(({ title, description }) => ({ title, description }))).toEqual(
      record.dailyItinerary,
    );
    expect(values.faqs.map(({ question, answer }) => ({ question, answer }))).toEqual(record.faqs);
    // Every row has its own key (for React and drag and drop).
    const keys = [...values.dailyItinerary, ...values.faqs].map((row) => row.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('monthCodesOf accepts names and codes, in calendar order, once each', () => {
    expect(monthCodesOf(['December', 'JAN', 'January', 'Foo'])).toEqual(['JAN', 'DEC']);
  });
});

describe('toItineraryInput', () => {
  it('builds the body: trimmed texts, numbers, plain ids, codes in calendar order', () => {
    const input = toItineraryInput(
      filled({
        months: ['NOV', 'MAR'],
        metaTitle: ' Backwaters ',
        dailyItinerary: [{ key: 'd1', title: ' Day 1 ', description: ' Alleppey ' }],
        faqs: [{ key: 'f1', question: ' Food? ', answer: ' Kerala meals ' }],
      }),
    );
    expect(input).toEqual({
      title: 'Kerala Backwaters',
      duration: '7 Days / 6 Nights',
      type: 'Adventure',
      groupSize: 8,
      languages: ['English', 'Hindi'],
      pricePerPerson: 125000,
      visibility: 'public',
      imageLibraryId: null,
      months: ['MAR', 'NOV'],
      description: '',
      metaTitle: 'Backwaters',
      metaDescription: '',
      countryId: 'c1',
      stateId: 's1',
      placeId: 'p1',
      dailyItinerary: [{ title: 'Day 1', description: 'Alleppey' }],
      faqs: [{ question: 'Food?', answer: 'Kerala meals' }],
      isActive: true,
    });
  });

  it('a private itinerary sends no SEO and no FAQs', () => {
    const input = toItineraryInput(
      filled({
        visibility: 'private',
        metaTitle: 'Kept?',
        metaDescription: 'No',
        faqs: [{ key: 'f1', question: 'Q', answer: 'A' }],
      }),
    );
    expect(input.metaTitle).toBe('');
    expect(input.metaDescription).toBe('');
    expect(input.faqs).toEqual([]);
  });

  it('edit round trip: a record → values → body keeps the data with plain ids and codes', () => {
    const record = makeItinerary(2);
    const input = toItineraryInput(initialItineraryValues(record));
    expect(input).toMatchObject({
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

describe('parseItineraryForm (contract schema)', () => {
  it('accepts a complete form', () => {
    expect(parseItineraryForm(filled()).errors).toEqual({});
  });

  it('reports every spec §5 required field', () => {
    const { errors } = parseItineraryForm({
      ...initialItineraryValues(null),
      type: '',
      groupSize: '',
      pricePerPerson: '',
    });
    expect(errors).toMatchObject({
      title: 'Title is required',
      duration: 'Duration is required',
      type: 'Type is required',
      groupSize: 'Group size is required',
      languages: 'Choose at least one language',
      pricePerPerson: 'Price per person is required',
      countryId: 'Country is required',
      stateId: 'State is required',
      placeId: 'Place is required',
    });
  });

  it('checks the bounds: group size at least 1, price not negative, whole numbers', () => {
    expect(parseItineraryForm(filled({ groupSize: '0' })).errors.groupSize).toBe(
      'Group size must be at least 1',
    );
    expect(parseItineraryForm(filled({ pricePerPerson: '-1' })).errors.pricePerPerson).toBe(
      'Price cannot be negative',
    );
    expect(parseItineraryForm(filled({ groupSize: '2.5' })).errors.groupSize).toBe(
      'Group size must be a whole number',
    );
  });

  it('reports a day without a title on its own path', () => {
    const { errors } = parseItineraryForm(
      filled({ dailyItinerary: [{ key: 'd', title: '  ', description: '' }] }),
    );
    expect(errors['dailyItinerary.0.title']).toBe('Day title is required');
  });
});

describe('days and FAQs', () => {
  it("'Add Day' names the new day 'Day N' with N = count + 1 and an empty description", () => {
    const one = addDay([]);
    const two = addDay(one);
    expect(two.map((day) => day.title)).toEqual(['Day 1', 'Day 2']);
    expect(two[1]?.description).toBe('');
    const second = two[1];
    if (!second) throw new Error('two days expected');
    const afterDelete = addDay([second]);
    expect(afterDelete.map((day) => day.title)).toEqual(['Day 2', 'Day 2']);
  });

  it("'Add FAQ' appends an empty pair", () => {
    expect(addFaq([]).map(({ question, answer }) => ({ question, answer }))).toEqual([
      { question: '', answer: '' },
    ]);
  });

  it('moveItem moves within range and ignores the rest', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
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
