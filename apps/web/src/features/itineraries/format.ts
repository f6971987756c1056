import type { Itinerary } from '@safarnama/contract';
import { formatMoney } from '../../lib/format';

/**
 * Spec §2 Price column: the Basic Settings' currency symbol (default '₹') plus the en-IN grouped
 * number ('₹1,25,000'). A component showing it calls `useDisplaySettings()` to follow a change.
 */
export const formatPrice = (rupees: number): string => formatMoney(rupees);

/** Spec §2 Location column: place, state, country names. */
export const formatLocation = (itinerary: Pick<Itinerary, 'placeId' | 'stateId' | 'countryId'>) =>
  [itinerary.placeId.name, itinerary.stateId.name, itinerary.countryId.name]
    .filter(Boolean)
    .join(', ');
