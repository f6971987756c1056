import { z } from 'zod';
import { recordSchema } from './envelope.js';
import { DELETE_TEXTS } from './dependants.js';
import { imageSchema } from './media.js';
import { paginationSchema } from './pagination.js';

export const GEO_NAME_MAX = 100;
export const PLACE_DESCRIPTION_MAX = 500;

/*
 * The add/update form fields of countries, states and places are in `geo-fields.ts`: only
 * the geography forms (and the server) read them, so the pages that list or pick places do not
 * carry their rules.
 */

/** A related record as lists show it: id and name (spec §3: populated objects with name). */
export const namedRefSchema = z.object({ _id: z.string(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

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
