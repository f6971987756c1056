import { useWatch, type Control } from 'react-hook-form';
import { itineraryQuality, type Itinerary } from '@safarnama/contract';
import { QualityChecklist } from '../../components/ui/Quality';
import type { ItineraryFormValues } from './itineraries.form';

export interface ItineraryQualityProps {
  control: Control<ItineraryFormValues, unknown, unknown>;
  /** The saved itinerary (its gallery is edited in the gallery dialog, not in the form). */
  record: Itinerary | null;
}

/**
 * Issue 23: the contract's itinerary rules over the form as typed (SEO, days, price) and the
 * record's gallery, the same rules the server stores on save.
 */
export const ItineraryQuality = ({ control, record }: ItineraryQualityProps) => {
  const [visibility, metaTitle, metaDescription, days, pricePerPerson, priceBands] = useWatch({
    control,
    name: [
      'visibility',
      'metaTitle',
      'metaDescription',
      'dailyItinerary',
      'pricePerPerson',
      'priceBands',
    ],
  });
  const issues = itineraryQuality({
    visibility,
    metaTitle,
    metaDescription,
    days: days.length,
    gallery: record?.gallery ?? [],
    pricePerPerson: Number(pricePerPerson),
    priceBands: priceBands.length,
  });
  return <QualityChecklist issues={issues} />;
};
