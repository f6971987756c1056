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

/** The text fields each kind sends (spec §7 add-new-* / update-*, DESIGN §5). */
export const FIELDS: Record<GeoKind, GeoField[]> = {
  country: ['name', 'shortName', 'isActive'],
  state: ['name', 'countryId', 'isActive'],
  place: ['name', 'countryId', 'stateId', 'shortDescription', 'isActive'],
};

/** The contract's schema of each kind's text fields: the form's only rules. */
export const GEO_SCHEMAS = {
  country: countryFieldsSchema,
  state: stateFieldsSchema,
  place: placeFieldsSchema,
} as const;

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
const text = (values: Partial<GeoFormValues>, field: GeoField): string => {
  const value = values[field] ?? '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return field === 'shortName' ? value.trim().toUpperCase() : value.trim();
};

/** The request a kind's schema reads: the kind's fields of the form. */
export const toGeoRequest = (kind: GeoKind, values: GeoFormValues) =>
  Object.fromEntries(FIELDS[kind].map((field) => [field, values[field]]));

/**
 * The multipart body of an add (every field of the kind) or an update (`id` plus the fields that
 * changed), with the `image` file when one was chosen; `values` is the parsed request.
 */
export const buildGeoForm = (
  kind: GeoKind,
  values: Partial<GeoFormValues>,
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
