import { describe, expect, it } from 'vitest';
import { formEntries } from '../../test/utils';
import {
  buildPlaceDetailsForm,
  initialPlaceDetailsValues,
  PLACE_DETAILS_REQUIRED,
  placeDetailsFormSchema,
  toPlaceDetailsRequest,
  type PlaceDetailsFormValues,
  type PlaceDetailsInput,
} from './placeDetails.form';
import { buildGalleryUploadForm } from './placeDetails.gallery';

const LOCATION = { countryId: 'c1', stateId: 's1', placeId: 'p1' };
const original = { _id: 'pd-1' };
const cover = new File([new Uint8Array(200)], 'cover.jpg', { type: 'image/jpeg' });
const full: PlaceDetailsInput = {
  ...LOCATION,
  month: 'MAR',
  description: '<p>Warm and sunny</p>',
  imageLibraryId: 'lib-1',
  temperature: { min: 22, max: 33 },
  location: { latitude: 15.5, longitude: 73.8, address: 'Panaji, Goa' },
  bestTimeToVisit: { fromMonth: 'NOV', toMonth: 'FEB', note: 'Dry season' },
  status: 'active',
  coverPhoto: cover,
};

const names = (body: FormData) => formEntries(body).map(([name]) => name);
const value = (body: FormData, name: string) => body.get(name);

describe('buildPlaceDetailsForm: add', () => {
  it('sends location, month, description, the objects as JSON text, status and the cover file', () => {
    const body = buildPlaceDetailsForm('add', full, null);
    expect(formEntries(body)).toEqual([
      ['countryId', 'c1'],
      ['stateId', 's1'],
      ['placeId', 'p1'],
      ['month', 'MAR'],
      ['description', '<p>Warm and sunny</p>'],
      ['imageLibraryId', 'lib-1'],
      ['temperature', '{"min":22,"max":33}'],
      ['location', '{"latitude":15.5,"longitude":73.8,"address":"Panaji, Goa"}'],
      ['bestTimeToVisit', '{"fromMonth":"NOV","toMonth":"FEB","note":"Dry season"}'],
      ['status', 'active'],
      ['coverPhoto', 'file:cover.jpg'],
    ]);
  });

  it('sends imageLibraryId only when present, and no empty objects', () => {
    const body = buildPlaceDetailsForm(
      'add',
      { ...LOCATION, month: 'MAR', description: '', imageLibraryId: null, status: 'inactive' },
      null,
    );
    expect(names(body)).toEqual([
      'countryId',
      'stateId',
      'placeId',
      'month',
      'description',
      'status',
    ]);
    expect(value(body, 'status')).toBe('inactive');
  });
});

describe('buildPlaceDetailsForm: update (spec §5)', () => {
  it('sends id, the provided fields, imageLibraryId and status, and a real cover file', () => {
    const body = buildPlaceDetailsForm('update', full, original);
    expect(formEntries(body)).toEqual([
      ['id', 'pd-1'],
      ['month', 'MAR'],
      ['description', '<p>Warm and sunny</p>'],
      ['imageLibraryId', 'lib-1'],
      ['temperature', '{"min":22,"max":33}'],
      ['location', '{"latitude":15.5,"longitude":73.8,"address":"Panaji, Goa"}'],
      ['bestTimeToVisit', '{"fromMonth":"NOV","toMonth":"FEB","note":"Dry season"}'],
      ['status', 'active'],
      ['coverPhoto', 'file:cover.jpg'],
    ]);
    // The location never moves on update: the call does not take those fields.
    expect(names(body)).not.toContain('countryId');
  });

  it('ALWAYS sends imageLibraryId, as an empty string when there is none', () => {
    const body = buildPlaceDetailsForm('update', { ...LOCATION, imageLibraryId: null }, original);
    expect(formEntries(body)).toEqual([
      ['id', 'pd-1'],
      ['imageLibraryId', ''],
    ]);
  });

  it('leaves out what was not provided and status when undefined', () => {
    const body = buildPlaceDetailsForm(
      'update',
      {
        ...LOCATION,
        month: '',
        description: '',
        temperature: null,
        location: null,
        bestTimeToVisit: null,
        status: undefined,
        imageLibraryId: 'lib-2',
      },
      original,
    );
    expect(formEntries(body)).toEqual([
      ['id', 'pd-1'],
      ['imageLibraryId', 'lib-2'],
    ]);
  });

  it('sends the cover photo only when it is a real File, never a saved URL', () => {
    const saved = buildPlaceDetailsForm(
      'update',
      { ...LOCATION, coverPhoto: '/uploads/images/2025/03/cover.jpg', status: 'inactive' },
      original,
    );
    expect(names(saved)).toEqual(['id', 'imageLibraryId', 'status']);
    const none = buildPlaceDetailsForm('update', { ...LOCATION, coverPhoto: null }, original);
    expect(names(none)).not.toContain('coverPhoto');
  });

  it('refuses an update without the original record', () => {
    expect(() => buildPlaceDetailsForm('update', full, null)).toThrow();
  });
});

describe('placeDetailsFormSchema over toPlaceDetailsRequest', () => {
  const check = (form: PlaceDetailsFormValues) =>
    placeDetailsFormSchema.safeParse(toPlaceDetailsRequest(form));
  const issuesOf = (form: PlaceDetailsFormValues) =>
    Object.fromEntries(
      (check(form).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
  const values = (): PlaceDetailsFormValues => ({
    ...initialPlaceDetailsValues(null),
    ...LOCATION,
    month: 'MAR',
  });

  it('requires location and month; empty groups are "not provided"', () => {
    expect(Object.keys(issuesOf(initialPlaceDetailsValues(null)))).toEqual([
      'countryId',
      'stateId',
      'placeId',
      'month',
    ]);
    expect(issuesOf(initialPlaceDetailsValues(null)).countryId).toBe('Country is required');
    const parsed = check(values());
    expect(parsed.data?.temperature).toBeNull();
    expect(parsed.data?.location).toBeNull();
    expect(parsed.data?.bestTimeToVisit).toBeNull();
  });

  it('checks the groups with the contract schemas, a half-filled group at its empty half', () => {
    const issues = issuesOf({
      ...values(),
      temperature: { min: '30', max: '20' },
      location: { latitude: '95', longitude: '10', address: '' },
      bestTimeToVisit: { fromMonth: 'NOV', toMonth: '', note: '' },
    });
    expect(issues['temperature.min']).toBe('Minimum temperature cannot be above the maximum');
    expect(issues['location.latitude']).toMatch(/90/);
    expect(Object.keys(issues)).toContain('bestTimeToVisit.toMonth');
    expect(PLACE_DETAILS_REQUIRED['bestTimeToVisit.toMonth']).toBe(
      'Choose both the first and the last month',
    );
  });

  it("turns filled groups into numbers and codes: the builder's input", () => {
    const parsed = check({
      ...values(),
      temperature: { min: '-2.5', max: '12' },
      location: { latitude: '32.24', longitude: '77.19', address: ' Manali ' },
      bestTimeToVisit: { fromMonth: 'MAR', toMonth: 'JUN', note: '' },
    });
    if (!parsed.success) throw new Error('expected a valid form');
    const input = parsed.data;
    expect(input).toMatchObject({ ...LOCATION, month: 'MAR', status: 'active' });
    expect(input.temperature).toEqual({ min: -2.5, max: 12 });
    expect(input.location).toEqual({ latitude: 32.24, longitude: 77.19, address: 'Manali' });
    expect(input.bestTimeToVisit).toEqual({ fromMonth: 'MAR', toMonth: 'JUN', note: '' });
  });
});

describe('buildGalleryUploadForm', () => {
  it('sends id, then each file with altTexts[i] in order', () => {
    const a = new File([new Uint8Array(200)], 'a.jpg', { type: 'image/jpeg' });
    const b = new File([new Uint8Array(200)], 'b.png', { type: 'image/png' });
    const body = buildGalleryUploadForm('pd-1', [
      { file: a, altText: ' Beach ' },
      { file: b, altText: '' },
    ]);
    expect(formEntries(body)).toEqual([
      ['id', 'pd-1'],
      ['images', 'file:a.jpg'],
      ['altTexts[0]', 'Beach'],
      ['images', 'file:b.png'],
      ['altTexts[1]', ''],
    ]);
  });
});
