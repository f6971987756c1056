import type { UseFormRegisterReturn } from 'react-hook-form';
import { COORDINATE_LIMITS } from '@safarnama/contract';
import { isMapPoint, type MapPoint } from '../../components/map/geometry';
import { LazyMapView } from '../../components/map/LazyMapView';
import { Button } from '../../components/ui/Button';
import { FormField, hintClasses } from '../../components/ui/Form';

/** Where the map looks before a place has a location: the whole of India. */
const EMPTY_VIEW = { center: { latitude: 22.5, longitude: 79 }, zoom: 4 };
/** How close the map shows a saved or typed location. */
const PLACE_ZOOM = 11;

interface PlaceLocationFieldsProps {
  /** The inputs' text ('' = none). */
  latitude: string;
  longitude: string;
  /** The place's name so far (the marker's letter and tooltip). */
  name: string;
  register: {
    latitude: UseFormRegisterReturn<'latitude'>;
    longitude: UseFormRegisterReturn<'longitude'>;
  };
  errors: { latitude?: string | undefined; longitude?: string | undefined };
  /** A click on the map or a dropped marker: both coordinates at once. */
  onPick: (point: MapPoint) => void;
  onClear: () => void;
  disabled?: boolean;
}

/** The typed text as a position the map can show, or null while it is not one. */
const pointOf = (latitude: string, longitude: string): MapPoint | null => {
  if (latitude.trim() === '' || longitude.trim() === '') return null;
  const point = { latitude: Number(latitude), longitude: Number(longitude) };
  return isMapPoint(point.latitude, point.longitude) ? point : null;
};

/**
 * A place's location (issue 22): Latitude and Longitude inputs (the contract's rules and the
 * server's 400 details show under them), a map where a click sets both and the marker can be
 * dragged, and 'Clear location'. The map is lazy (Leaflet's chunk loads with the form).
 */
export const PlaceLocationFields = ({
  latitude,
  longitude,
  name,
  register,
  errors,
  onPick,
  onClear,
  disabled = false,
}: PlaceLocationFieldsProps) => {
  const point = pointOf(latitude, longitude);
  const title = name.trim() || 'This place';
  const hasText = latitude !== '' || longitude !== '';
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
        Location on the map
      </legend>
      <div className="grid items-start gap-4 sm:grid-cols-[1fr_1fr_auto]">
        <FormField label="Latitude" error={errors.latitude}>
          {(props) => (
            <input
              {...props}
              {...register.latitude}
              inputMode="decimal"
              autoComplete="off"
              placeholder={`${String(COORDINATE_LIMITS.latitude.min)} to ${String(COORDINATE_LIMITS.latitude.max)}`}
            />
          )}
        </FormField>
        <FormField label="Longitude" error={errors.longitude}>
          {(props) => (
            <input
              {...props}
              {...register.longitude}
              inputMode="decimal"
              autoComplete="off"
              placeholder={`${String(COORDINATE_LIMITS.longitude.min)} to ${String(COORDINATE_LIMITS.longitude.max)}`}
            />
          )}
        </FormField>
        <Button
          type="button"
          variant="secondary"
          className="sm:mt-7"
          onClick={onClear}
          disabled={disabled || !hasText}
        >
          Clear location
        </Button>
      </div>
      <LazyMapView
        label="Place location map"
        className="h-64"
        markers={
          point
            ? [
                {
                  key: 'place',
                  label: (title[0] ?? '•').toUpperCase(),
                  title: `${title}: ${String(point.latitude)}, ${String(point.longitude)}`,
                  ...point,
                },
              ]
            : []
        }
        emptyView={EMPTY_VIEW}
        pointZoom={PLACE_ZOOM}
        follow="contain"
        onMapClick={disabled ? undefined : onPick}
        onMarkerDrag={disabled ? undefined : (_key, next) => onPick(next)}
      />
      <p className={hintClasses}>
        Click the map to set the location, or drag the marker to move it. Both coordinates are
        needed; clear them to take the place off the map.
      </p>
    </fieldset>
  );
};
