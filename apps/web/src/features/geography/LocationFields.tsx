import { useId } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
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

export const selectClasses = (invalid: boolean) =>
  `w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 focus:ring-2 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:disabled:bg-slate-900 dark:disabled:text-slate-500 ${
    invalid
      ? 'border-red-500 focus:border-red-500 focus:ring-red-500/30 dark:border-red-500'
      : 'border-slate-300 focus:border-teal-500 focus:ring-teal-500/30 dark:border-slate-700'
  }`;

const labelClasses = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300';

interface Option {
  _id: string;
  label: string;
}

interface FieldProps {
  label: string;
  placeholder: string;
  value: string;
  options: Option[];
  loading: boolean;
  required: boolean;
  disabled: boolean;
  error?: string;
  onChange: (id: string) => void;
}

const LocationSelect = ({
  label,
  placeholder,
  value,
  options,
  loading,
  required,
  disabled,
  error,
  onChange,
}: FieldProps) => {
  const id = useId();
  // A saved record may point at something no longer active: keep it selectable and visible.
  const known = value === '' || options.some((option) => option._id === value);
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {label}
        {required ? ' *' : ''}
      </label>
      <select
        id={id}
        value={value}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-busy={loading || undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className={selectClasses(Boolean(error))}
      >
        <option value="">{loading ? 'Loading...' : placeholder}</option>
        {known ? null : (
          <option value={value}>{loading ? 'Loading...' : 'Unavailable (inactive)'}</option>
        )}
        {options.map((option) => (
          <option key={option._id} value={option._id}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
};

/**
 * Cascading Country → State → Place selects (spec §2, itinerary form "Location Details"): countries
 * read 'Name (SN)'; State is disabled until a country is chosen and Place until a state is; changing
 * the country clears state and place, changing the state clears the place and loads its places.
 * Options come from the active lists (get-all-active-*).
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
          _id: country._id,
          label: `${country.name} (${country.shortName})`,
        }))}
        loading={countries.isFetching && !countries.data}
        required={required}
        disabled={disabled}
        error={errors.countryId}
        onChange={(countryId) => {
          onChange({ countryId, stateId: '', placeId: '' });
        }}
      />
      <LocationSelect
        label="State"
        placeholder="Select State"
        value={value.stateId}
        options={(value.countryId ? (states.data ?? []) : []).map((state) => ({
          _id: state._id,
          label: state.name,
        }))}
        loading={Boolean(value.countryId) && states.isFetching}
        required={required}
        disabled={disabled || !value.countryId}
        error={errors.stateId}
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
            _id: place._id,
            label: place.name,
          }))}
          loading={Boolean(value.stateId) && places.isFetching}
          required={required}
          disabled={disabled || !value.stateId}
          error={errors.placeId}
          onChange={(placeId) => {
            onChange({ ...value, placeId });
          }}
        />
      ) : null}
    </>
  );
};
