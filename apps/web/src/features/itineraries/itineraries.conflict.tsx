import { groupSizeLabel, MEAL_LABELS, MONTHS } from '@safarnama/contract';
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
        text: [
          `Day ${index + 1}: ${day.title}`,
          day.description,
          // Issue 22: what else the day holds, so a change there reads as one.
          (day.meals ?? []).map((meal) => MEAL_LABELS[meal]).join(', '),
          day.stay ? `Stay: ${day.stay}` : '',
          day.transfer ? `Transfer: ${day.transfer}` : '',
          day.placeIds?.length
            ? `${String(day.placeIds.length)} place${day.placeIds.length === 1 ? '' : 's'}`
            : '',
          day.imageId ? 'With an image' : '',
        ]
          .filter(Boolean)
          .join(' — '),
      })),
  },
  { keys: ['highlights'], label: 'Highlights' },
  { keys: ['inclusions'], label: 'Inclusions' },
  { keys: ['exclusions'], label: 'Exclusions' },
  {
    keys: ['priceBands'],
    label: 'Price bands',
    read: ({ priceBands }) =>
      priceBands.map((band) => ({
        text: `${band.months.map((code) => MONTH_NAMES.get(code) ?? code).join(', ')} · ${groupSizeLabel(band.minGroupSize, band.maxGroupSize)} people · ${Number.isNaN(band.pricePerPerson) ? '' : formatPrice(band.pricePerPerson)}`,
      })),
  },
  {
    keys: ['gst'],
    label: 'GST',
    read: ({ gst }) =>
      `${Number.isNaN(gst.rate) ? '' : `${String(gst.rate)} %`}, ${gst.included ? 'included in the prices' : 'added to the prices'}`,
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
