import { describe, expect, it } from 'vitest';
import {
  blogFieldsSchema,
  isPlainText,
  blogUpdateFieldsSchema,
  countryFieldsSchema,
  countryUpdateFieldsSchema,
  placeFieldsSchema,
  placeUpdateFieldsSchema,
  stateUpdateFieldsSchema,
  placeDetailsAddFieldsSchema,
  placeDetailsUpdateFieldsSchema,
  slugify,
  itineraryInputSchema,
  itineraryListQuerySchema,
} from './index.js';

describe('plain text', () => {
  it('refuses tags and comments, keeps the signs of ordinary text', () => {
    for (const text of ['6 < 7 pm & dinner <3', 'a > b', '<- go left', '2<3>1', '']) {
      expect(isPlainText(text), text).toBe(true);
    }
    for (const text of [
      '<b>x</b>',
      'a <img src=x onerror=alert(1)>',
      '</p>',
      '<!-- x -->',
      '<A HREF=x>',
    ]) {
      expect(isPlainText(text), text).toBe(false);
    }
  });
});

describe('form fields', () => {
  it('reads multipart booleans and upper-cases short names', () => {
    expect(
      countryFieldsSchema.parse({ name: ' India ', shortName: 'in', isActive: 'false' }),
    ).toEqual({
      name: 'India',
      shortName: 'IN',
      isActive: false,
    });
    expect(countryFieldsSchema.safeParse({ name: 'India', shortName: 'INDIA' }).success).toBe(
      false,
    );
    expect(
      countryFieldsSchema.safeParse({ name: 'India', shortName: 'IN', isActive: 'yes' }).success,
    ).toBe(false);
  });

  it('parses the place-details objects from JSON text and refuses bad JSON', () => {
    const base = { countryId: 'c', stateId: 's', placeId: 'p', month: 'JAN' };
    const ok = placeDetailsAddFieldsSchema.parse({
      ...base,
      temperature: '{"min": 12, "max": 24}',
      bestTimeToVisit: '{"fromMonth":"OCT","toMonth":"MAR"}',
    });
    expect(ok.temperature).toEqual({ min: 12, max: 24 });
    expect(ok.bestTimeToVisit).toEqual({ fromMonth: 'OCT', toMonth: 'MAR', note: '' });
    const bad = placeDetailsAddFieldsSchema.safeParse({ ...base, temperature: '{min: 12' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Must be valid JSON');
    expect(
      placeDetailsAddFieldsSchema.safeParse({ ...base, temperature: '{"min":30,"max":10}' })
        .success,
    ).toBe(false);
    expect(placeDetailsAddFieldsSchema.safeParse({ ...base, month: 'January' }).success).toBe(
      false,
    );
  });

  it('always wants imageLibraryId on update, and reads empty as "clear"', () => {
    expect(placeDetailsUpdateFieldsSchema.safeParse({ id: 'x' }).success).toBe(false);
    expect(placeDetailsUpdateFieldsSchema.parse({ id: 'x', imageLibraryId: '' })).toEqual({
      id: 'x',
      imageLibraryId: null,
    });
  });
});

describe('update schemas', () => {
  it('leave absent fields absent (no defaults on update)', () => {
    expect(countryUpdateFieldsSchema.parse({ id: 'x', name: 'A' })).toEqual({ id: 'x', name: 'A' });
    expect(stateUpdateFieldsSchema.parse({ id: 'x' })).toEqual({ id: 'x' });
    expect(placeUpdateFieldsSchema.parse({ id: 'x' })).toEqual({ id: 'x' });
    expect(blogUpdateFieldsSchema.parse({ id: 'x', title: 'T' })).toEqual({ id: 'x', title: 'T' });
    expect(placeFieldsSchema.parse({ name: 'P', countryId: 'c', stateId: 's' })).toMatchObject({
      shortDescription: '',
      isActive: true,
    });
  });
});

describe('blogs', () => {
  it('slugifies titles', () => {
    expect(slugify('  Café Culture in Goa: A Guide! ')).toBe('cafe-culture-in-goa-a-guide');
    expect(slugify('!!!')).toBe('');
  });
  it('checks slugs and tag limits', () => {
    const base = { title: 'T', countryId: 'c', stateId: 's', placeId: 'p' };
    expect(blogFieldsSchema.safeParse({ ...base, slug: 'Bad Slug' }).success).toBe(false);
    expect(blogFieldsSchema.parse({ ...base, slug: '' }).slug).toBe('');
    expect(
      blogFieldsSchema.safeParse({ ...base, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })
        .success,
    ).toBe(false);
    expect(blogFieldsSchema.parse(base).status).toBe('draft');
  });
});

describe('itineraries', () => {
  const base = {
    title: 'Goa',
    duration: '3 Days',
    languages: ['English'],
    countryId: 'c',
    stateId: 's',
    placeId: 'p',
  };
  it('fills the defaults of spec §3', () => {
    const parsed = itineraryInputSchema.parse(base);
    expect(parsed).toMatchObject({
      type: 'Adventure',
      groupSize: 1,
      pricePerPerson: 0,
      visibility: 'public',
      isActive: true,
      months: [],
      imageLibraryId: null,
    });
  });
  it('refuses the bounds', () => {
    for (const bad of [
      { groupSize: 0 },
      { pricePerPerson: -1 },
      { type: 'Cruise' },
      { months: ['FOO'] },
      { languages: [] },
      { pricePerPerson: 10.5 },
    ]) {
      expect(itineraryInputSchema.safeParse({ ...base, ...bad }).success).toBe(false);
    }
    expect(itineraryListQuerySchema.parse({ placeId: 'x' })).toEqual({
      page: 1,
      limit: 10,
      search: '',
      placeId: 'x',
    });
  });
});
