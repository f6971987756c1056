import { skipToken } from '@reduxjs/toolkit/query';
import type { LocationValue } from './LocationFields';
import {
  useActiveCountriesQuery,
  useActivePlacesQuery,
  useActiveStatesQuery,
} from './geography.api';

/** A name from an active list: '…' while it loads, a note when the id is not (or no longer) active. */
const nameIn = (list: readonly { _id: string; name: string }[] | undefined, id: string) =>
  !id ? '' : list ? (list.find((item) => item._id === id)?.name ?? 'Unavailable (inactive)') : '…';

/**
 * Country, state and place ids read as 'Panaji, Goa, India' from the same active lists the
 * location selects load (cached, so usually no request): the edit-conflict dialog's location.
 */
export const LocationName = ({ countryId, stateId, placeId }: LocationValue) => {
  const countries = useActiveCountriesQuery(countryId ? undefined : skipToken);
  const states = useActiveStatesQuery(countryId || skipToken);
  const places = useActivePlacesQuery(countryId && stateId ? { countryId, stateId } : skipToken);
  const names = [
    nameIn(places.data, placeId),
    nameIn(states.data, stateId),
    nameIn(countries.data, countryId),
  ].filter(Boolean);
  return <>{names.length > 0 ? names.join(', ') : 'None'}</>;
};
