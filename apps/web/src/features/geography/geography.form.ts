import {
  countryFieldsSchema,
  GEO_IMAGE_FIELD,
  placeFieldsSchema,
  stateFieldsSchema,
  type Country,
  type Place,
  type State,
} from '@safarnama/contract';
import { toFormData } from '../../lib/multipart';
import type { GeoKind } from './geography.api';

export type GeoRecord = Country | State | Place;

/** The contract's schema of each kind's text fields: the form's only rules. */
export const GEO_SCHEMAS = {
  country: countryFieldsSchema,
  state: stateFieldsSchema,
  place: placeFieldsSchema,
} as const;

/** A place's stored coordinates (issue 22): both numbers, or nulls (none, or not a place). */
export const storedCoordinates = (record: GeoRecord | null) => {
  const latitude = record && 'latitude' in record ? (record.latitude ?? null) : null;
  const longitude = record && 'longitude' in record ? (record.longitude ?? null) : null;
  return latitude === null || longitude === null
    ? { latitude: null, longitude: null }
    : { latitude, longitude };
};

/** The form's starting values (every kind's fields; a kind sends its own): the record's, or empty. */
export const initialValues = (record: GeoRecord | null) => {
  const { latitude, longitude } = storedCoordinates(record);
  return {
    name: record?.name ?? '',
    shortName: record && 'shortName' in record ? record.shortName : '',
    countryId: record && 'countryId' in record ? record.countryId : '',
    stateId: record && 'stateId' in record ? record.stateId : '',
    shortDescription: record && 'shortDescription' in record ? record.shortDescription : '',
    isActive: record?.isActive ?? true,
    /** Text as the inputs hold it; '' = no location. */
    latitude: latitude === null ? '' : String(latitude),
    longitude: longitude === null ? '' : String(longitude),
  };
};
export type GeoFormValues = ReturnType<typeof initialValues>;
type GeoField = keyof GeoFormValues;
type CoordinateField = 'latitude' | 'longitude';
type TextField = Exclude<GeoField, CoordinateField>;
const isCoordinate = (field: GeoField): field is CoordinateField =>
  field === 'latitude' || field === 'longitude';

/** What the schemas answer for the form: the coordinates read as numbers, or null for none. */
export type GeoRequest = Partial<
  Pick<GeoFormValues, TextField> & Record<CoordinateField, number | null>
>;

/** The text fields each kind sends (spec §7 add-new-* / update-*, DESIGN §5). */
export const fieldsOf = (kind: GeoKind) => Object.keys(GEO_SCHEMAS[kind].shape) as GeoField[];

/** The request a kind's schema reads: the kind's fields of the form. */
export const toGeoRequest = (kind: GeoKind, values: GeoFormValues) =>
  Object.fromEntries(fieldsOf(kind).map((field) => [field, values[field]]));

/**
 * A place's coordinates as the body sends them: both together (the server refuses one without
 * the other), '' for none. An add sends them only when there is a location; an update only when
 * the pair changed.
 */
const coordinateFields = (
  values: GeoRequest,
  original: GeoRecord | null,
): Record<string, string> => {
  const latitude = values.latitude ?? null;
  const longitude = values.longitude ?? null;
  const before = storedCoordinates(original);
  const unchanged = original
    ? before.latitude === latitude && before.longitude === longitude
    : latitude === null || longitude === null;
  if (unchanged) return {};
  return latitude === null || longitude === null
    ? { latitude: '', longitude: '' }
    : { latitude: String(latitude), longitude: String(longitude) };
};

/**
 * The multipart body of an add (every field of the kind) or an update (`id` plus the fields that
 * changed), with the `image` file when one was chosen; `values` is the parsed request (trimmed,
 * the short name in capitals, the coordinates as numbers).
 */
export const buildGeoForm = (
  kind: GeoKind,
  values: GeoRequest,
  original: GeoRecord | null,
  image: File | null,
): FormData => {
  // The coordinates are compared as numbers in `coordinateFields`, never as text.
  const before: Partial<GeoFormValues> = original ? initialValues(original) : {};
  const fields = fieldsOf(kind);
  const sent = fields.filter(
    (field): field is TextField =>
      !isCoordinate(field) && (!original || before[field] !== values[field]),
  );
  return toFormData({
    id: original?._id,
    ...Object.fromEntries(sent.map((field) => [field, values[field] ?? ''])),
    ...(fields.some(isCoordinate) ? coordinateFields(values, original) : {}),
    [GEO_IMAGE_FIELD]: image,
  });
};

/** The body of the list's Active/Inactive toggle: id and the flipped flag. */
export const buildToggleForm = (record: GeoRecord): FormData =>
  toFormData({ id: record._id, isActive: !record.isActive });
