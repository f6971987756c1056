import { MONTHS } from '@safarnama/contract';
import type { ConflictField } from '../../components/conflict/conflictFields';
import { LocationName } from '../geography/LocationName';
import { LibraryName } from '../image-libraries/LibraryName';
import { formatPrice } from './format';
import type { ItineraryFormValues } from './itineraries.form';

const MONTH_NAMES = new Map<string, string>(MONTHS.map(({ code, name }) => [code, name]));

/** The itinerary form's values as the edit-conflict dialog lists them (issue 21), in form order. */
export const ITINERARY_CONFLICT_FIELDS: readonly ConflictField<ItineraryFormValues>[] = [
  { keys: ['title'], label: 'Title' },
  { keys: ['duration'], label: 'Duration' },
  { keys: ['type'], label: 'Type' },
  { keys: ['groupSize'], label: 'Group size' },
  {
    keys: ['pricePerPerson'],
    label: 'Price per person',
    read: ({ pricePerPerson: price }) => (Number.isNaN(price) ? '' : formatPrice(price)),
  },
  { keys: ['languages'], label: 'Languages' },
  {
    keys: ['months'],
    label: 'Months',
    read: ({ months }) => months.map((code) => MONTH_NAMES.get(code) ?? code).join(', '),
  },
  {
    keys: ['visibility'],
    label: 'Visibility',
    read: ({ visibility }) => (visibility === 'public' ? 'Public' : 'Private'),
  },
  {
    keys: ['imageLibraryId'],
    label: 'Image library',
    read: ({ imageLibraryId }) => <LibraryName id={imageLibraryId} />,
  },
  { keys: ['description'], label: 'Tour description', rich: true },
  { keys: ['metaTitle'], label: 'Meta title' },
  { keys: ['metaDescription'], label: 'Meta description' },
  {
    keys: ['countryId', 'stateId', 'placeId'],
    label: 'Location',
    read: ({ countryId, stateId, placeId }) => (
      <LocationName countryId={countryId} stateId={stateId} placeId={placeId} />
    ),
  },
  {
    keys: ['dailyItinerary'],
    label: 'Daily itinerary',
    read: ({ dailyItinerary }) =>
      dailyItinerary.map((day, index) => ({
        text: [`Day ${index + 1}: ${day.title}`, day.description].filter(Boolean).join(' — '),
      })),
  },
  {
    keys: ['faqs'],
    label: 'FAQs',
    read: ({ faqs }) => faqs.map((faq) => ({ text: `${faq.question} — ${faq.answer}` })),
  },
  {
    keys: ['isActive'],
    label: 'Status',
    read: ({ isActive }) => (isActive ? 'Active' : 'Inactive'),
  },
];
