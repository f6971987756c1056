import { z } from 'zod';
import { recordSchema } from './envelope.js';
import { DELETE_TEXTS } from './dependants.js';
import { formBooleanSchema, idFieldSchema } from './forms.js';
import { imageSchema } from './media.js';
import { paginationSchema } from './pagination.js';

export const GEO_NAME_MAX = 100;
export const PLACE_DESCRIPTION_MAX = 500;

/** A related record as lists show it: id and name (spec §3: populated objects with name). */
export const namedRefSchema = z.object({ _id: z.string(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

const geoName = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(GEO_NAME_MAX);

/** Country (spec §3, DESIGN §5): name, short name (2-3 upper-case letters), flag image, active. */
export const countrySchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  shortName: z.string(),
  image: imageSchema.nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const stateSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  countryId: z.string(),
  country: namedRefSchema.extend({ shortName: z.string() }),
  image: imageSchema.nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type State = z.infer<typeof stateSchema>;

export const placeSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  countryId: z.string(),
  stateId: z.string(),
  country: namedRefSchema,
  state: namedRefSchema,
  shortDescription: z.string(),
  image: imageSchema.nullable(),
  isActive: z.boolean(),
  /**
   * Issue 22: where the place is (WGS 84 degrees), both or neither (null: not on the map).
   * Optional so answers and fixtures from before the field still parse.
   */
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

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

/** The multipart file field of countries (flag), states and places. */
export const GEO_IMAGE_FIELD = 'image';

export const countryListSchema = z.object({
  countries: z.array(countrySchema),
  pagination: paginationSchema,
});
export type CountryList = z.infer<typeof countryListSchema>;
export const stateListSchema = z.object({
  states: z.array(stateSchema),
  pagination: paginationSchema,
});
export type StateList = z.infer<typeof stateListSchema>;
export const placeListSchema = z.object({
  places: z.array(placeSchema),
  pagination: paginationSchema,
});
export type PlaceList = z.infer<typeof placeListSchema>;

/** One saved record, answered as `data.data` (add and update answers). */
export const countryOneSchema = recordSchema(countrySchema);
export const stateOneSchema = recordSchema(stateSchema);
export const placeOneSchema = recordSchema(placeSchema);

/** The active lists the forms use (no paging): spec §7 get-all-active-*. */
export const activeCountriesSchema = z.object({ countries: z.array(countrySchema) });
export const activeStatesQuerySchema = z.strictObject({ countryId: z.string().trim().max(64) });
export const activeStatesSchema = z.object({ states: z.array(stateSchema) });
export const activePlacesQuerySchema = z.strictObject({
  countryId: z.string().trim().max(64),
  stateId: z.string().trim().max(64),
});
export const activePlacesSchema = z.object({ places: z.array(placeSchema) });

export const GEOGRAPHY_MESSAGES = {
  countryAdded: 'Country added successfully',
  countryUpdated: 'Country updated successfully',
  stateAdded: 'State added successfully',
  stateUpdated: 'State updated successfully',
  placeAdded: 'Place added successfully',
  placeUpdated: 'Place updated successfully',
  countryNotFound: 'Country not found',
  stateNotFound: 'State not found',
  placeNotFound: 'Place not found',
  duplicateCountry: 'A country with this name already exists',
  duplicateState: 'A state with this name already exists in this country',
  duplicatePlace: 'A place with this name already exists in this state',
  stateNotInCountry: 'The state does not belong to the selected country',
  placeNotInState: 'The place does not belong to the selected state',
  /** DELETE delete-country/{id} and its siblings (issue 20); a refusal is `inUseMessage`. */
  countryDeleted: DELETE_TEXTS.deleted('Country'),
  stateDeleted: DELETE_TEXTS.deleted('State'),
  placeDeleted: DELETE_TEXTS.deleted('Place'),
} as const;
