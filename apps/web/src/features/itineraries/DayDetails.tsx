import type { UseFormReturn } from 'react-hook-form';
import type { Image } from '@safarnama/contract';
import { DayExtras } from './DayExtras';
import { DayPlacesField } from './DayPlacesField';
import type { ItineraryFormValues } from './itineraries.form';
import type { PickedPlace, PlaceCache } from './routeStops';

export interface DayDetailsProps {
  form: UseFormReturn<ItineraryFormValues, unknown, unknown>;
  /** The day's index in the plan (0-based). */
  index: number;
  places: PlaceCache;
  onPickPlace: (place: PickedPlace) => void;
  gallery: readonly Image[];
}

/**
 * What issue 22 adds under a day's description: the places it visits, in order, and its 'More
 * for this day' (meals, stay, transfer, image). Loaded on its own (the form's 60 KB budget).
 */
export const DayDetails = ({ form, index, places, onPickPlace, gallery }: DayDetailsProps) => (
  <>
    <DayPlacesField form={form} index={index} places={places} onPick={onPickPlace} />
    <DayExtras form={form} index={index} gallery={gallery} />
  </>
);
