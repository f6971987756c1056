import { z } from 'zod';
import {
  bestTimeToVisitSchema,
  locationSchema,
  monthCodeSchema,
  PLACE_DETAILS_FILE_FIELDS,
  placeDetailsAddFieldsSchema,
  placeDetailsStatusSchema,
  temperatureSchema,
  type MonthCode,
  type PlaceDetails,
} from '@safarnama/contract';
import { toFormData } from '../../lib/multipart';

const { countryId, stateId, placeId, description } = placeDetailsAddFieldsSchema.shape;

/**
 * The request the form's schema reads, at the record's paths: the contract's own field and group
 * schemas; an empty group is null ("not provided"), a half-filled one fails its schema.
 */
export const placeDetailsFormSchema = z.strictObject({
  countryId,
  stateId,
  placeId,
  month: monthCodeSchema,
  description,
  imageLibraryId: z.string().nullable(),
  temperature: temperatureSchema.nullable(),
  location: locationSchema.nullable(),
  bestTimeToVisit: bestTimeToVisitSchema.nullable(),
  coverPhoto: z.instanceof(File).nullable(),
  status: placeDetailsStatusSchema,
});
type PlaceDetailsRequest = z.output<typeof placeDetailsFormSchema>;

/** What the multipart builder sends (undefined / null / '' = not provided). */
export type PlaceDetailsInput = Pick<PlaceDetailsRequest, 'countryId' | 'stateId' | 'placeId'> &
  Partial<Omit<PlaceDetailsRequest, 'month' | 'coverPhoto'>> & {
    month?: MonthCode | '';
    /** Only a real `File` is sent; a string (saved URL) or null is not. */
    coverPhoto?: File | string | null;
  };

/** '' and null are "not provided": left out of the body. */
const given = <T>(value: T | null | undefined | '') => (value === '' ? undefined : value);

/**
 * The multipart body of `add-Place-Details` / `update-Place-Details`, exactly per spec §5 / §7:
 * the place's ids on add, `id` on update; the groups as JSON text, only when filled in;
 * `imageLibraryId` on add when present, on update ALWAYS ('' for none); the cover only as a `File`.
 */
export const buildPlaceDetailsForm = (
  mode: 'add' | 'update',
  values: PlaceDetailsInput,
  original: Pick<PlaceDetails, '_id'> | null,
): FormData => {
  if (mode === 'update' && !original) throw new Error('An update needs the original record');
  const add = mode === 'add';
  return toFormData({
    ...(add
      ? { countryId: values.countryId, stateId: values.stateId, placeId: values.placeId }
      : { id: original?._id }),
    month: given(values.month),
    description: add ? values.description : given(values.description),
    imageLibraryId: add ? given(values.imageLibraryId) : (values.imageLibraryId ?? ''),
    temperature: values.temperature,
    location: values.location,
    bestTimeToVisit: values.bestTimeToVisit,
    status: values.status,
    [PLACE_DETAILS_FILE_FIELDS.coverPhoto]:
      values.coverPhoto instanceof File ? values.coverPhoto : undefined,
  });
};

const number = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
/** A group none of whose inputs holds anything is not provided. */
const filled = <T extends object>(group: T, value: unknown) =>
  Object.values(group).some((part) => String(part).trim() !== '') ? value : null;

/** The thin mapping in front of the schema: typed numbers, and null for an empty group. */
export const toPlaceDetailsRequest = (values: PlaceDetailsFormValues) => {
  const { temperature: t, location: l, bestTimeToVisit } = values;
  return {
    ...values,
    temperature: filled(t, { min: number(t.min), max: number(t.max) }),
    location: filled(l, { ...l, latitude: number(l.latitude), longitude: number(l.longitude) }),
    bestTimeToVisit: filled(bestTimeToVisit, bestTimeToVisit),
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
  'location.latitude': BOTH_COORDINATES,
  'location.longitude': BOTH_COORDINATES,
  'bestTimeToVisit.fromMonth': BOTH_MONTHS,
  'bestTimeToVisit.toMonth': BOTH_MONTHS,
};

/** Where a new record is for, chosen before the form opens (a cell of the coverage grid). */
export interface PlaceDetailsPrefill {
  countryId: string;
  stateId: string;
  placeId: string;
  month: MonthCode;
}

/**
 * The form's starting values, the record's or empty ones (active by default; a new record may
 * come with its place and month chosen): what the form holds, at the record's paths, text as typed.
 */
export const initialPlaceDetailsValues = (
  record: PlaceDetails | null,
  prefill?: PlaceDetailsPrefill,
) => {
  const { temperature, location, bestTimeToVisit } = record ?? {};
  return {
    countryId: record?.countryId ?? prefill?.countryId ?? '',
    stateId: record?.stateId ?? prefill?.stateId ?? '',
    placeId: record?.placeId ?? prefill?.placeId ?? '',
    month: record?.month ?? prefill?.month ?? '',
    description: record?.description ?? '',
    imageLibraryId: record?.imageLibraryId ?? null,
    temperature: { min: String(temperature?.min ?? ''), max: String(temperature?.max ?? '') },
    location: {
      latitude: String(location?.latitude ?? ''),
      longitude: String(location?.longitude ?? ''),
      address: location?.address ?? '',
    },
    bestTimeToVisit: {
      fromMonth: bestTimeToVisit?.fromMonth ?? '',
      toMonth: bestTimeToVisit?.toMonth ?? '',
      note: bestTimeToVisit?.note ?? '',
    },
    /** A newly chosen file; the saved cover (a URL) never travels back. */
    coverPhoto: null as File | null,
    status: record?.status ?? 'active',
  };
};
export type PlaceDetailsFormValues = ReturnType<typeof initialPlaceDetailsValues>;
