import { GEOGRAPHY_MESSAGES as M, IMAGE_LIBRARY_MESSAGES } from '@safarnama/contract';
import type { Executor } from '../../db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { Conflict, ValidationError } from '../../http/errors.js';
import { asUuid } from '../../http/form-fields.js';
import { FieldErrors } from '../../http/multipart.js';
import { findHierarchy } from './geography.repo.js';

/**
 * Checks that the named parents exist and belong together: the state to the country, the place to
 * the state. Unknown or malformed ids answer 400 at their field ('Country not found', …), a state
 * of another country 400 at `stateId`, a place of another state 400 at `placeId`. Answers the
 * ids in canonical (lower-case) form. Run it inside the writing transaction; the composite foreign
 * keys catch what a concurrent move could still slip past (see `hierarchyViolation`).
 */
export const checkHierarchy = async <K extends 'countryId' | 'stateId' | 'placeId'>(
  db: Executor,
  ids: Record<K, string>,
): Promise<Record<K, string>> => {
  const given = ids as { countryId: string; stateId?: string; placeId?: string };
  const countryId = asUuid(given.countryId);
  const stateId = given.stateId === undefined ? undefined : asUuid(given.stateId);
  const placeId = given.placeId === undefined ? undefined : asUuid(given.placeId);
  const found = await findHierarchy(db, { countryId, stateId, placeId });
  const errors = new FieldErrors();
  if (!found.country) errors.add('countryId', M.countryNotFound);
  if (given.stateId !== undefined) {
    if (!found.state) errors.add('stateId', M.stateNotFound);
    else if (found.country && found.state.countryId !== found.country.id) {
      errors.add('stateId', M.stateNotInCountry);
    }
  }
  if (given.placeId !== undefined) {
    if (!found.place) errors.add('placeId', M.placeNotFound);
    else if (found.state && found.place.stateId !== found.state.id) {
      errors.add('placeId', M.placeNotInState);
    }
  }
  errors.throwIfAny();
  const out: Record<string, string | undefined> = { countryId, stateId, placeId };
  return Object.fromEntries(Object.keys(ids).map((k) => [k, out[k]])) as Record<K, string>;
};

const FK_ERRORS: [string, { path: string; message: string }][] = [
  ['states_country_id_countries_id_fk', { path: 'countryId', message: M.countryNotFound }],
  ['places_state_country_fk', { path: 'stateId', message: M.stateNotInCountry }],
  ['place_details_place_fk', { path: 'placeId', message: M.placeNotInState }],
  ['place_blogs_place_fk', { path: 'placeId', message: M.placeNotInState }],
  ['itineraries_place_fk', { path: 'placeId', message: M.placeNotInState }],
  [
    'place_details_image_library_id_image_libraries_id_fk',
    { path: 'imageLibraryId', message: IMAGE_LIBRARY_MESSAGES.notFound },
  ],
  [
    'itineraries_image_library_id_image_libraries_id_fk',
    { path: 'imageLibraryId', message: IMAGE_LIBRARY_MESSAGES.notFound },
  ],
];

/** A parent that moved or vanished between the check and the write: the same 400 as the check. */
export const hierarchyViolation = (err: unknown): ValidationError | undefined => {
  for (const [constraint, detail] of FK_ERRORS) {
    if (isForeignKeyViolation(err, constraint)) return new ValidationError([detail]);
  }
  return undefined;
};

/**
 * Runs a write, answering a unique violation of one of `conflicts` (constraint → message) with
 * 409 and a hierarchy foreign-key violation with 400. The unique indexes are the rule: a check
 * before the insert could not see a concurrent twin (SECURITY 21).
 */
export const guardWrite = async <T>(
  work: () => Promise<T>,
  conflicts: Record<string, string>,
): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    for (const [constraint, message] of Object.entries(conflicts)) {
      if (isUniqueViolation(err, constraint)) throw new Conflict(message);
    }
    throw hierarchyViolation(err) ?? err;
  }
};
