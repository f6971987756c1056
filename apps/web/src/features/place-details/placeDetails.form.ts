import { z } from 'zod';
import {
  bestTimeToVisitSchema,
  locationSchema,
  monthCodeSchema,
  PLACE_DETAILS_FILE_FIELDS,
  placeDetailsAddFieldsSchema,
  placeDetailsStatusSchema,
  temperatureSchema,
  type BestTimeToVisit,
  type LibraryStatus,
  type Location,
  type MonthCode,
  type PlaceDetails,
  type Temperature,
} from '@safarnama/contract';
import type { LocationValue } from '../geography/LocationFields';

/** What the place-details form holds: text as typed, checked by `placeDetailsFormSchema`. */
export interface PlaceDetailsFormValues {
  location: LocationValue;
  month: MonthCode | '';
  description: string;
  imageLibraryId: string | null;
  temperature: { min: string; max: string };
  coordinates: { latitude: string; longitude: string; address: string };
  bestTimeToVisit: { fromMonth: MonthCode | ''; toMonth: MonthCode | ''; note: string };
  /** A newly chosen file; the saved cover (a URL) never travels back. */
  coverPhoto: File | null;
  status: LibraryStatus;
}

/** The typed values the form builder sends (undefined / null / '' = not provided). */
export interface PlaceDetailsInput {
  countryId: string;
  stateId: string;
  placeId: string;
  month?: MonthCode | '';
  description?: string;
  imageLibraryId?: string | null;
  temperature?: Temperature | null;
  location?: Location | null;
  bestTimeToVisit?: BestTimeToVisit | null;
  status?: LibraryStatus;
  /** Only a real `File` is sent; a string (saved URL) or null is not. */
  coverPhoto?: File | string | null;
}

const provided = <T>(value: T | null | undefined | ''): value is T =>
  value !== undefined && value !== null && value !== '';

/**
 * The multipart body of `add-Place-Details` and `update-Place-Details`, exactly per spec §5 / §7:
 *
 * - add: countryId, stateId, placeId, month, description; imageLibraryId only when present;
 *   temperature, location and bestTimeToVisit as JSON text (when filled in); status; coverPhoto
 *   when a real file.
 * - update: id; month, description, temperature, location and bestTimeToVisit only when provided;
 *   imageLibraryId ALWAYS (empty string when none); status only when defined; coverPhoto only if
 *   it is a real `File`.
 */
export const buildPlaceDetailsForm = (
  mode: 'add' | 'update',
  values: PlaceDetailsInput,
  original: Pick<PlaceDetails, '_id'> | null,
): FormData => {
  const body = new FormData();
  if (mode === 'add') {
    body.append('countryId', values.countryId);
    body.append('stateId', values.stateId);
    body.append('placeId', values.placeId);
  } else {
    if (!original) throw new Error('An update needs the original record');
    body.append('id', original._id);
  }
  if (provided(values.month)) body.append('month', values.month);
  if (mode === 'add' ? values.description !== undefined : provided(values.description)) {
    body.append('description', values.description ?? '');
  }
  if (mode === 'update') body.append('imageLibraryId', values.imageLibraryId ?? '');
  else if (provided(values.imageLibraryId)) body.append('imageLibraryId', values.imageLibraryId);
  if (provided(values.temperature)) body.append('temperature', JSON.stringify(values.temperature));
  if (provided(values.location)) body.append('location', JSON.stringify(values.location));
  if (provided(values.bestTimeToVisit)) {
    body.append('bestTimeToVisit', JSON.stringify(values.bestTimeToVisit));
  }
  if (values.status !== undefined) body.append('status', values.status);
  if (values.coverPhoto instanceof File) {
    body.append(PLACE_DETAILS_FILE_FIELDS.coverPhoto, values.coverPhoto);
  }
  return body;
};

const number = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

const { countryId, stateId, placeId, description } = placeDetailsAddFieldsSchema.shape;

/**
 * The request the form's schema reads: the contract's own field and group schemas, at the form's
 * paths (`location` the place's ids, `coordinates` the record's `location`); an empty group is
 * null ("not provided"), a half-filled one fails its schema.
 */
export const placeDetailsFormSchema = z.strictObject({
  location: z.strictObject({ countryId, stateId, placeId }),
  month: monthCodeSchema,
  description,
  imageLibraryId: z.string().nullable(),
  temperature: temperatureSchema.nullable(),
  coordinates: locationSchema.nullable(),
  bestTimeToVisit: bestTimeToVisitSchema.nullable(),
  coverPhoto: z.instanceof(File).nullable(),
  status: placeDetailsStatusSchema,
});
export type PlaceDetailsRequest = z.output<typeof placeDetailsFormSchema>;

/** The thin mapping in front of the schema: typed numbers, and null for an empty group. */
export const toPlaceDetailsRequest = (values: PlaceDetailsFormValues) => {
  const { min, max } = values.temperature;
  const { latitude, longitude, address } = values.coordinates;
  const { fromMonth, toMonth, note } = values.bestTimeToVisit;
  return {
    ...values,
    temperature: min.trim() || max.trim() ? { min: number(min), max: number(max) } : null,
    coordinates:
      latitude.trim() || longitude.trim() || address.trim()
        ? { latitude: number(latitude), longitude: number(longitude), address }
        : null,
    bestTimeToVisit: fromMonth || toMonth || note.trim() ? { fromMonth, toMonth, note } : null,
  };
};

const BOTH_TEMPERATURES = 'Enter both the minimum and the maximum';
const BOTH_COORDINATES = 'Enter both the latitude and the longitude';
const BOTH_MONTHS = 'Choose both the first and the last month';

/** The wording of an empty required input (or the empty half of a group). */
export const PLACE_DETAILS_REQUIRED: Readonly<Record<string, string>> = {
  month: 'Month is required',
  'temperature.min': BOTH_TEMPERATURES,
  'temperature.max': BOTH_TEMPERATURES,
  'coordinates.latitude': BOTH_COORDINATES,
  'coordinates.longitude': BOTH_COORDINATES,
  'bestTimeToVisit.fromMonth': BOTH_MONTHS,
  'bestTimeToVisit.toMonth': BOTH_MONTHS,
};

/** The input a server error's path belongs to: a group's inner path lands on the group. */
export const placeDetailsFieldOf = (path: string) => {
  const head = path.split(/[.[]/)[0] ?? '';
  switch (head) {
    case 'countryId':
    case 'stateId':
    case 'placeId':
      return `location.${head}` as const;
    case 'location':
      return 'coordinates';
    case 'month':
    case 'description':
    case 'temperature':
    case 'bestTimeToVisit':
    case 'coverPhoto':
    case 'imageLibraryId':
      return head;
    default:
      return null;
  }
};

/** The parsed request as the multipart builder's input. */
export const toPlaceDetailsInput = ({
  location: place,
  coordinates,
  ...rest
}: PlaceDetailsRequest): PlaceDetailsInput => ({ ...place, ...rest, location: coordinates });

/** The form's starting values: the record's, or empty ones (active by default). */
export const initialPlaceDetailsValues = (record: PlaceDetails | null): PlaceDetailsFormValues => ({
  location: {
    countryId: record?.countryId ?? '',
    stateId: record?.stateId ?? '',
    placeId: record?.placeId ?? '',
  },
  month: record?.month ?? '',
  description: record?.description ?? '',
  imageLibraryId: record?.imageLibraryId ?? null,
  temperature: {
    min: record?.temperature ? String(record.temperature.min) : '',
    max: record?.temperature ? String(record.temperature.max) : '',
  },
  coordinates: {
    latitude: record?.location ? String(record.location.latitude) : '',
    longitude: record?.location ? String(record.location.longitude) : '',
    address: record?.location?.address ?? '',
  },
  bestTimeToVisit: {
    fromMonth: record?.bestTimeToVisit?.fromMonth ?? '',
    toMonth: record?.bestTimeToVisit?.toMonth ?? '',
    note: record?.bestTimeToVisit?.note ?? '',
  },
  coverPhoto: null,
  status: record?.status ?? 'active',
});
