import type { PlaceDetails } from '@safarnama/contract';
import type { ConflictField } from '../../components/conflict/conflictFields';
import { coverReading, savedImageId } from '../../components/conflict/coverReading';
import { LocationName } from '../geography/LocationName';
import { LibraryName } from '../image-libraries/LibraryName';
import { monthName } from './format';
import type { PlaceDetailsFormValues } from './placeDetails.form';

/** Parts as typed, '' left out: 'a', 'b' → 'a · b'. */
const joined = (...parts: string[]) =>
  parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' · ');

/**
 * The place-details form's values as the edit-conflict dialog lists them (issue 21), in form
 * order. The cover differs only when this admin chose a new file: theirs is the saved cover.
 */
export const placeDetailsConflictFields = (
  record: PlaceDetails | null,
): ConflictField<PlaceDetailsFormValues>[] => [
  {
    keys: ['countryId', 'stateId', 'placeId'],
    label: 'Place',
    read: ({ countryId, stateId, placeId }) => (
      <LocationName countryId={countryId} stateId={stateId} placeId={placeId} />
    ),
  },
  { keys: ['month'], label: 'Month', read: ({ month }) => (month ? monthName(month) : '') },
  { keys: ['description'], label: 'Description', rich: true },
  {
    keys: ['temperature'],
    label: 'Temperature (°C)',
    read: ({ temperature: { min, max } }) =>
      min.trim() || max.trim() ? `${min} to ${max} °C` : '',
  },
  {
    keys: ['location'],
    label: 'Coordinates and address',
    read: ({ location: { latitude, longitude, address } }) =>
      joined(latitude.trim() || longitude.trim() ? `${latitude}, ${longitude}` : '', address),
  },
  {
    keys: ['bestTimeToVisit'],
    label: 'Best time to visit',
    read: ({ bestTimeToVisit: { fromMonth, toMonth, note } }) =>
      joined(
        fromMonth || toMonth
          ? `${fromMonth ? monthName(fromMonth) : '?'} to ${toMonth ? monthName(toMonth) : '?'}`
          : '',
        note,
      ),
  },
  {
    keys: ['imageLibraryId'],
    label: 'Image library',
    read: ({ imageLibraryId }) => <LibraryName id={imageLibraryId} />,
  },
  {
    keys: ['status'],
    label: 'Status',
    read: ({ status }) => (status === 'active' ? 'Active' : 'Inactive'),
  },
  {
    keys: ['coverPhoto'],
    label: 'Cover photo',
    read: ({ coverPhoto }, { conflict }) =>
      coverReading(
        coverPhoto,
        savedImageId(conflict.current, 'place-details-cover'),
        record?.coverPhoto,
      ),
  },
];
