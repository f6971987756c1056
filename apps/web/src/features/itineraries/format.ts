import { CURRENCY_SYMBOL, type Itinerary } from '@safarnama/contract';

/** Spec §2 Price column: the rupee sign plus the en-IN grouped number ('₹1,25,000'). */
export const formatPrice = (rupees: number): string =>
  `${CURRENCY_SYMBOL}${rupees.toLocaleString('en-IN')}`;

/** Spec §2 Location column: place, state, country names. */
export const formatLocation = (itinerary: Pick<Itinerary, 'placeId' | 'stateId' | 'countryId'>) =>
  [itinerary.placeId.name, itinerary.stateId.name, itinerary.countryId.name]
    .filter(Boolean)
    .join(', ');
