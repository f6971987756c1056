import { useWatch, type Control } from 'react-hook-form';
import { placeDetailsQuality, type PlaceDetails } from '@safarnama/contract';
import { QualityChecklist } from '../../components/ui/Quality';
import type { PlaceDetailsFormValues } from './placeDetails.form';

export interface PlaceDetailsQualityProps {
  control: Control<PlaceDetailsFormValues, unknown, unknown>;
  /** The saved record (its gallery is managed on the gallery page, its cover may be replaced). */
  record: PlaceDetails | null;
}

const typed = (text: string) => text.trim() !== '';

/**
 * Issue 23: the contract's place-details rules over the form as typed (description, a cover saved
 * or chosen, temperature and best time with both halves) and the record's gallery.
 */
export const PlaceDetailsQuality = ({ control, record }: PlaceDetailsQualityProps) => {
  const [description, coverPhoto, temperature, bestTime] = useWatch({
    control,
    name: ['description', 'coverPhoto', 'temperature', 'bestTimeToVisit'],
  });
  const issues = placeDetailsQuality({
    description,
    hasCover: coverPhoto !== null || Boolean(record?.coverPhoto),
    gallery: record?.gallery ?? [],
    temperature: typed(temperature.min) && typed(temperature.max) ? temperature : null,
    bestTimeToVisit: bestTime.fromMonth && bestTime.toMonth ? bestTime : null,
  });
  return <QualityChecklist issues={issues} />;
};
