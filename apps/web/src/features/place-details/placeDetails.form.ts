import {
  bestTimeToVisitSchema,
  locationSchema,
  MONTH_CODES,
  PLACE_DETAILS_FILE_FIELDS,
  temperatureSchema,
  type BestTimeToVisit,
  type LibraryStatus,
  type Location,
  type MonthCode,
  type PlaceDetails,
  type Temperature,
} from '@safarnama/contract';
import type { LocationValue } from '../geography/LocationFields';

/** What the place-details form holds: text as typed, parsed on submit. */
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

export type PlaceDetailsErrorField =
  | 'countryId'
  | 'stateId'
  | 'placeId'
  | 'month'
  | 'description'
  | 'temperature'
  | 'location'
  | 'bestTimeToVisit'
  | 'coverPhoto'
  | 'imageLibraryId';
export type PlaceDetailsErrors = Partial<Record<PlaceDetailsErrorField, string>>;

const isMonth = (value: string): value is MonthCode =>
  (MONTH_CODES as readonly string[]).includes(value);

const firstIssue = (error: { issues: { message: string }[] }): string =>
  error.issues[0]?.message ?? 'Invalid value';

const number = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * Checks the form with the contract's schemas and turns it into `PlaceDetailsInput`. An object
 * group left entirely empty is "not provided"; a half-filled one is an error.
 */
export const parsePlaceDetailsForm = (
  values: PlaceDetailsFormValues,
): { input: PlaceDetailsInput; errors: PlaceDetailsErrors } => {
  const errors: PlaceDetailsErrors = {};
  if (!values.location.countryId) errors.countryId = 'Country is required';
  if (!values.location.stateId) errors.stateId = 'State is required';
  if (!values.location.placeId) errors.placeId = 'Place is required';
  if (!values.month) errors.month = 'Month is required';

  let temperature: Temperature | null = null;
  const { min, max } = values.temperature;
  if (min.trim() || max.trim()) {
    const result = temperatureSchema.safeParse({ min: number(min), max: number(max) });
    if (result.success) temperature = result.data;
    else {
      errors.temperature =
        min.trim() && max.trim()
          ? firstIssue(result.error)
          : 'Enter both the minimum and the maximum';
    }
  }

  let location: Location | null = null;
  const { latitude, longitude, address } = values.coordinates;
  if (latitude.trim() || longitude.trim() || address.trim()) {
    const result = locationSchema.safeParse({
      latitude: number(latitude),
      longitude: number(longitude),
      address,
    });
    if (result.success) location = result.data;
    else {
      errors.location =
        latitude.trim() && longitude.trim()
          ? firstIssue(result.error)
          : 'Enter both the latitude and the longitude';
    }
  }

  let bestTimeToVisit: BestTimeToVisit | null = null;
  const { fromMonth, toMonth, note } = values.bestTimeToVisit;
  if (fromMonth || toMonth || note.trim()) {
    const result = bestTimeToVisitSchema.safeParse({ fromMonth, toMonth, note });
    if (result.success && isMonth(fromMonth) && isMonth(toMonth)) bestTimeToVisit = result.data;
    else errors.bestTimeToVisit = 'Choose both the first and the last month';
  }

  return {
    errors,
    input: {
      ...values.location,
      month: values.month,
      description: values.description,
      imageLibraryId: values.imageLibraryId,
      temperature,
      location,
      bestTimeToVisit,
      status: values.status,
      coverPhoto: values.coverPhoto,
    },
  };
};

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
