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

/** The form's starting values (every kind's fields; a kind sends its own): the record's, or empty. */
export const initialValues = (record: GeoRecord | null) => ({
  name: record?.name ?? '',
  shortName: record && 'shortName' in record ? record.shortName : '',
  countryId: record && 'countryId' in record ? record.countryId : '',
  stateId: record && 'stateId' in record ? record.stateId : '',
  shortDescription: record && 'shortDescription' in record ? record.shortDescription : '',
  isActive: record?.isActive ?? true,
});
export type GeoFormValues = ReturnType<typeof initialValues>;
type GeoField = keyof GeoFormValues;

/** The text fields each kind sends (spec §7 add-new-* / update-*, DESIGN §5). */
export const fieldsOf = (kind: GeoKind) => Object.keys(GEO_SCHEMAS[kind].shape) as GeoField[];

/** The request a kind's schema reads: the kind's fields of the form. */
export const toGeoRequest = (kind: GeoKind, values: GeoFormValues) =>
  Object.fromEntries(fieldsOf(kind).map((field) => [field, values[field]]));

/**
 * The multipart body of an add (every field of the kind) or an update (`id` plus the fields that
 * changed), with the `image` file when one was chosen; `values` is the parsed request (trimmed,
 * the short name in capitals).
 */
export const buildGeoForm = (
  kind: GeoKind,
  values: Partial<GeoFormValues>,
  original: GeoRecord | null,
  image: File | null,
): FormData => {
  const before: Partial<GeoFormValues> = original ? initialValues(original) : {};
  const sent = fieldsOf(kind).filter((field) => !original || before[field] !== values[field]);
  return toFormData({
    id: original?._id,
    ...Object.fromEntries(sent.map((field) => [field, values[field] ?? ''])),
    [GEO_IMAGE_FIELD]: image,
  });
};

/** The body of the list's Active/Inactive toggle: id and the flipped flag. */
export const buildToggleForm = (record: GeoRecord): FormData =>
  toFormData({ id: record._id, isActive: !record.isActive });
