import { z } from 'zod';
import { formBooleanSchema, idFieldSchema } from './forms.js';
import { GEO_NAME_MAX, PLACE_DESCRIPTION_MAX } from './geography.js';

/**
 * The text fields of the geography add/update multipart forms (countries, states, places). A
 * module of its own: only the geography form modal and the server read these rules, and the
 * pages that only list or pick places (itineraries, blogs) stay without them.
 */

const geoName = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(GEO_NAME_MAX);

export const shortNameSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2,3}$/, 'Short name must be 2 or 3 letters');

/**
 * Text fields of the multipart add/update calls (the `image` file travels beside them). Update
 * carries `id`; every other field is optional there and left unchanged when absent.
 */
const countryShape = {
  name: geoName('Name'),
  shortName: shortNameSchema,
  isActive: formBooleanSchema,
};
export const countryFieldsSchema = z.strictObject({
  ...countryShape,
  isActive: countryShape.isActive.default(true),
});
/**
 * Built from the shape WITHOUT defaults: in zod 4 `.partial()` keeps a field's `.default()`, which
 * would fill every absent field (an update without `isActive` would re-activate the record).
 */
export const countryUpdateFieldsSchema = z
  .strictObject(countryShape)
  .partial()
  .extend({ id: idFieldSchema('Country') });

const stateShape = {
  name: geoName('Name'),
  countryId: idFieldSchema('Country'),
  isActive: formBooleanSchema,
};
export const stateFieldsSchema = z.strictObject({
  ...stateShape,
  isActive: stateShape.isActive.default(true),
});
export const stateUpdateFieldsSchema = z
  .strictObject(stateShape)
  .partial()
  .extend({ id: idFieldSchema('State') });

/** Issue 22: the ranges of a place's coordinates (WGS 84 degrees, as the database checks them). */
export const COORDINATE_LIMITS = {
  latitude: { label: 'Latitude', min: -90, max: 90 },
  longitude: { label: 'Longitude', min: -180, max: 180 },
} as const;
export type CoordinateField = keyof typeof COORDINATE_LIMITS;

/** A decimal number as people type it: `12`, `-8.5`, `+77.59`, `.5` (no exponent, no hex). */
const DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

export const coordinateMessages = (field: CoordinateField) => {
  const { label, min, max } = COORDINATE_LIMITS[field];
  const other = COORDINATE_LIMITS[field === 'latitude' ? 'longitude' : 'latitude'].label;
  return {
    notANumber: `${label} must be a number`,
    range: `${label} must be between ${String(min)} and ${String(max)}`,
    /** A number in the other field and none in this one (the pair is both or neither). */
    missing: `${label} is required when ${other.toLowerCase()} is given`,
  };
};

/**
 * One coordinate of the place form (a multipart text field): a number as text, or '' for "no
 * location" (null). Absent (undefined) in an update keeps what is stored.
 */
const coordinateField = (field: CoordinateField) => {
  const { min, max } = COORDINATE_LIMITS[field];
  const text = coordinateMessages(field);
  return z.union([z.number(), z.string().trim().max(32)]).transform((value, ctx): number | null => {
    if (value === '') return null;
    const number = typeof value === 'number' ? value : DECIMAL.test(value) ? Number(value) : NaN;
    if (!Number.isFinite(number)) {
      ctx.addIssue({ code: 'custom', message: text.notANumber });
      return z.NEVER;
    }
    if (number < min || number > max) {
      ctx.addIssue({ code: 'custom', message: text.range });
      return z.NEVER;
    }
    return number;
  });
};

/**
 * The pair rule: a number in one coordinate needs a number in the other (400 on the missing
 * one). '' in either (with the other '' or absent) clears both; both absent changes nothing.
 */
const coordinatePair = (
  fields: { latitude?: number | null | undefined; longitude?: number | null | undefined },
  ctx: z.RefinementCtx,
) => {
  const { latitude, longitude } = fields;
  if (typeof latitude === 'number' && typeof longitude !== 'number') {
    ctx.addIssue({
      code: 'custom',
      path: ['longitude'],
      message: coordinateMessages('longitude').missing,
    });
  }
  if (typeof longitude === 'number' && typeof latitude !== 'number') {
    ctx.addIssue({
      code: 'custom',
      path: ['latitude'],
      message: coordinateMessages('latitude').missing,
    });
  }
};

/**
 * What a parsed place form asks of the stored coordinates: undefined keeps them, nulls clear both,
 * numbers set both (the pair rule has already run).
 */
export const coordinatesOf = (fields: {
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
}): { latitude: number | null; longitude: number | null } | undefined => {
  const { latitude, longitude } = fields;
  if (latitude === undefined && longitude === undefined) return undefined;
  if (typeof latitude === 'number' && typeof longitude === 'number') return { latitude, longitude };
  return { latitude: null, longitude: null };
};

const placeShape = {
  name: geoName('Name'),
  countryId: idFieldSchema('Country'),
  stateId: idFieldSchema('State'),
  shortDescription: z.string().trim().max(PLACE_DESCRIPTION_MAX),
  isActive: formBooleanSchema,
  latitude: coordinateField('latitude').optional(),
  longitude: coordinateField('longitude').optional(),
};
/**
 * The pair rule is the last step of each schema: zod 4 refuses `.partial()` / `.extend()` on an
 * object that carries a refinement, and a refinement keeps the object (`.shape` stays readable).
 */
export const placeFieldsSchema = z
  .strictObject({
    ...placeShape,
    shortDescription: placeShape.shortDescription.default(''),
    isActive: placeShape.isActive.default(true),
  })
  .superRefine(coordinatePair);
export const placeUpdateFieldsSchema = z
  .strictObject(placeShape)
  .partial()
  .extend({ id: idFieldSchema('Place') })
  .superRefine(coordinatePair);
