import { skipToken } from '@reduxjs/toolkit/query';
import { FormField, FormSelect } from '../../components/ui/Form';
import { getErrorMessage } from '../../lib/errors';
import {
  useActiveCountriesQuery,
  useActivePlacesQuery,
  useActiveStatesQuery,
} from './geography.api';

/** The chosen country, state and place ids ('' = none). */
export interface LocationValue {
  countryId: string;
  stateId: string;
  placeId: string;
}

export const EMPTY_LOCATION: LocationValue = { countryId: '', stateId: '', placeId: '' };

interface LocationFieldsProps {
  value: LocationValue;
  onChange(value: LocationValue): void;
  required?: boolean;
  disabled?: boolean;
  errors?: Partial<Record<keyof LocationValue, string>>;
  /** Show the Place select (default true); the Places form picks only country and state. */
  showPlace?: boolean;
}

interface LocationSelectProps {
  label: string;
  placeholder: string;
  value: string;
  options: { value: string; label: string }[];
  loading: boolean;
  required: boolean;
  disabled: boolean;
  error: string | undefined;
  onChange: (id: string) => void;
}

const LocationSelect = (props: LocationSelectProps) => {
  const { label, placeholder, value, options, loading, required, disabled, error, onChange } =
    props;
  // A saved record may point at something no longer active: keep it selectable and visible.
  const known = value === '' || options.some((option) => option.value === value);
  const unknown = { value, label: loading ? 'Loading...' : 'Unavailable (inactive)' };
  return (
    <FormField label={`${label}${required ? ' *' : ''}`} error={error}>
      {(control) => (
        <FormSelect
          {...control}
          value={value}
          required={required}
          disabled={disabled}
          aria-busy={loading || undefined}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          placeholder={loading ? 'Loading...' : placeholder}
          options={known ? options : [unknown, ...options]}
        />
      )}
    </FormField>
  );
};

/** A failed list says so at its select (a 403 or an outage must not look like an empty list). */
const loadError = (error: unknown, what: string): string | undefined =>
  error ? `${what} could not be loaded. ${getErrorMessage(error, 'Please try again.')}` : undefined;

/**
 * Cascading Country → State → Place selects (spec §2, itinerary form "Location Details"): countries
 * read 'Name (SN)'; State is disabled until a country is chosen and Place until a state is; changing
 * the country clears state and place, changing the state clears the place and loads its places.
 * Options come from the active lists (get-all-active-*); a list that fails says so at its select.
 */
export const LocationFields = ({
  value,
  onChange,
  required = false,
  disabled = false,
  errors = {},
  showPlace = true,
}: LocationFieldsProps) => {
  const countries = useActiveCountriesQuery(undefined);
  const states = useActiveStatesQuery(value.countryId || skipToken);
  const places = useActivePlacesQuery(
    showPlace && value.countryId && value.stateId
      ? { countryId: value.countryId, stateId: value.stateId }
      : skipToken,
  );

  return (
    <>
      <LocationSelect
        label="Country"
        placeholder="Select Country"
        value={value.countryId}
        options={(countries.data ?? []).map((country) => ({
          value: country._id,
          label: `${country.name} (${country.shortName})`,
        }))}
        loading={countries.isFetching && !countries.data}
        required={required}
        disabled={disabled}
        error={errors.countryId ?? loadError(countries.error, 'Countries')}
        onChange={(countryId) => {
          onChange({ countryId, stateId: '', placeId: '' });
        }}
      />
      <LocationSelect
        label="State"
        placeholder="Select State"
        value={value.stateId}
        options={(value.countryId ? (states.data ?? []) : []).map((state) => ({
          value: state._id,
          label: state.name,
        }))}
        loading={Boolean(value.countryId) && states.isFetching}
        required={required}
        disabled={disabled || !value.countryId}
        error={errors.stateId ?? loadError(states.error, 'States')}
        onChange={(stateId) => {
          onChange({ countryId: value.countryId, stateId, placeId: '' });
        }}
      />
      {showPlace ? (
        <LocationSelect
          label="Place"
          placeholder="Select Place"
          value={value.placeId}
          options={(value.stateId ? (places.data ?? []) : []).map((place) => ({
            value: place._id,
            label: place.name,
          }))}
          loading={Boolean(value.stateId) && places.isFetching}
          required={required}
          disabled={disabled || !value.stateId}
          error={errors.placeId ?? loadError(places.error, 'Places')}
          onChange={(placeId) => {
            onChange({ ...value, placeId });
          }}
        />
      ) : null}
    </>
  );
};
