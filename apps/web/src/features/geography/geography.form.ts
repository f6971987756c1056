import {
  countryFieldsSchema,
  GEO_IMAGE_FIELD,
  GEOGRAPHY_MESSAGES,
  placeFieldsSchema,
  stateFieldsSchema,
  type Country,
  type Place,
  type State,
} from '@safarnama/contract';
import type { GeoKind } from './geography.api';

export type GeoRecord = Country | State | Place;

/** Everything the three forms edit; each kind uses its own subset (see `FIELDS`). */
export interface GeoFormValues {
  name: string;
  shortName: string;
  countryId: string;
  stateId: string;
  shortDescription: string;
  isActive: boolean;
}

export type GeoField = keyof GeoFormValues;
export type GeoFieldErrors = Partial<Record<GeoField | 'image', string>>;

/** The text fields each kind sends (spec §7 add-new-* / update-*, DESIGN §5). */
export const FIELDS: Record<GeoKind, GeoField[]> = {
  country: ['name', 'shortName', 'isActive'],
  state: ['name', 'countryId', 'isActive'],
  place: ['name', 'countryId', 'stateId', 'shortDescription', 'isActive'],
};

const SCHEMAS = {
  country: countryFieldsSchema,
  state: stateFieldsSchema,
  place: placeFieldsSchema,
} as const;

export const DUPLICATE_MESSAGES: Record<GeoKind, string> = {
  country: GEOGRAPHY_MESSAGES.duplicateCountry,
  state: GEOGRAPHY_MESSAGES.duplicateState,
  place: GEOGRAPHY_MESSAGES.duplicatePlace,
};

export const SAVED_MESSAGES: Record<GeoKind, { added: string; updated: string }> = {
  country: { added: GEOGRAPHY_MESSAGES.countryAdded, updated: GEOGRAPHY_MESSAGES.countryUpdated },
  state: { added: GEOGRAPHY_MESSAGES.stateAdded, updated: GEOGRAPHY_MESSAGES.stateUpdated },
  place: { added: GEOGRAPHY_MESSAGES.placeAdded, updated: GEOGRAPHY_MESSAGES.placeUpdated },
};

/** The form's starting values: the record's, or empty ones (active by default). */
export const initialValues = (record: GeoRecord | null): GeoFormValues => ({
  name: record?.name ?? '',
  shortName: record && 'shortName' in record ? record.shortName : '',
  countryId: record && 'countryId' in record ? record.countryId : '',
  stateId: record && 'stateId' in record ? record.stateId : '',
  shortDescription: record && 'shortDescription' in record ? record.shortDescription : '',
  isActive: record?.isActive ?? true,
});

/** The text value of a field as it travels in the multipart form. */
const text = (values: GeoFormValues, field: GeoField): string => {
  const value = values[field];
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return field === 'shortName' ? value.trim().toUpperCase() : value.trim();
};

/**
 * Client validation with the contract's field schemas (the ones the server parses with): returns
 * the first message per field, empty when the values are fine.
 */
export const validateGeo = (kind: GeoKind, values: GeoFormValues): GeoFieldErrors => {
  const input = Object.fromEntries(FIELDS[kind].map((field) => [field, values[field]]));
  const result = SCHEMAS[kind].safeParse(input);
  if (result.success) return {};
  const errors: GeoFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) {
      errors[field as GeoField] = issue.message;
    }
  }
  return errors;
};

/**
 * The multipart body of an add (every field of the kind) or an update (`id` plus the fields that
 * changed), with the `image` file when one was chosen.
 */
export const buildGeoForm = (
  kind: GeoKind,
  values: GeoFormValues,
  original: GeoRecord | null,
  image: File | null,
): FormData => {
  const body = new FormData();
  const before = original ? initialValues(original) : null;
  if (original) body.append('id', original._id);
  for (const field of FIELDS[kind]) {
    const value = text(values, field);
    if (before && text(before, field) === value) continue;
    body.append(field, value);
  }
  if (image) body.append(GEO_IMAGE_FIELD, image);
  return body;
};

/** The body of the list's Active/Inactive toggle: id and the flipped flag. */
export const buildToggleForm = (record: GeoRecord): FormData => {
  const body = new FormData();
  body.append('id', record._id);
  body.append('isActive', record.isActive ? 'false' : 'true');
  return body;
};
