import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { ITINERARY_LIMITS, SEARCH_DEBOUNCE_MS, type Place } from '@safarnama/contract';
import { compactLabelClasses, fieldErrorClasses, inputClasses } from '../../components/ui/Form';
import { ItemButton } from '../../components/ui/ItemButtons';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useListPlacesQuery } from '../geography/geography.api';
import type { ItineraryFormValues } from './itineraries.form';
import { UNKNOWN_PLACE, type PickedPlace, type PlaceCache } from './routeStops';

interface DayPlacesFieldProps {
  form: UseFormReturn<ItineraryFormValues, unknown, unknown>;
  /** The day's index in the plan (0-based). */
  index: number;
  /** The names and coordinates of the places known so far. */
  places: PlaceCache;
  /** A place was picked: the form keeps its name and coordinates (for the route map). */
  onPick: (place: PickedPlace) => void;
}

/** A listed place's coordinates, when the places list answers them (issue 22). */
const pickedOf = (place: Place): PickedPlace => {
  const { latitude, longitude } = place as Place & Partial<Omit<PickedPlace, '_id' | 'name'>>;
  return {
    _id: place._id,
    name: place.name,
    latitude: latitude ?? null,
    longitude: longitude ?? null,
  };
};

/**
 * 'Places visited on day N' (issue 22): a search over our place records (`get-all-places?search=`,
 * the spec's 500 ms debounce) whose options add a place at the end of the day, and the chosen
 * places in order as chips that move earlier / later or go (each change said in a live region).
 */
export const DayPlacesField = ({ form, index, places, onPick }: DayPlacesFieldProps) => {
  const day = index + 1;
  const baseId = useId();
  const listId = `${baseId}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [said, setSaid] = useState('');
  const search = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const found = useListPlacesQuery({ page: 1, limit: 10, search }, { skip: !open });
  const nameOf = (id: string) => places[id]?.name ?? UNKNOWN_PLACE;
  const rootRef = useRef<HTMLDivElement>(null);

  // While the list is open, Escape closes it only: seen here (window, capture) before the
  // dialog's own listener, which leaves a prevented Escape alone (as `MultiSelect` does).
  useEffect(() => {
    if (!open) return undefined;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || !rootRef.current?.contains(document.activeElement)) return;
      event.preventDefault();
      setOpen(false);
    };
    window.addEventListener('keydown', onEscape, true);
    return () => {
      window.removeEventListener('keydown', onEscape, true);
    };
  }, [open]);

  return (
    <Controller
      control={form.control}
      name={`dailyItinerary.${index}.placeIds`}
      render={({ field, fieldState }) => {
        const chosen = field.value ?? [];
        const full = chosen.length >= ITINERARY_LIMITS.dayPlaces;
        const options = (found.data?.places ?? []).filter((place) => !chosen.includes(place._id));
        const activeIndex = Math.min(active, options.length - 1);
        const shown = open && !full;
        const errors = fieldState.error as
          (Record<number, { message?: string } | undefined> & { message?: string }) | undefined;
        const change = (next: string[], message: string) => {
          field.onChange(next);
          setSaid(message);
        };
        const pick = (place: Place) => {
          const picked = pickedOf(place);
          onPick(picked);
          change(
            [...chosen, place._id],
            `${picked.name} added, place ${chosen.length + 1} of ${chosen.length + 1}.`,
          );
          setQuery('');
          setActive(0);
        };
        const move = (from: number, to: number) => {
          const next = [...chosen];
          const [id] = next.splice(from, 1);
          if (id === undefined) return;
          next.splice(to, 0, id);
          change(next, `${nameOf(id)} moved to place ${to + 1} of ${next.length}.`);
        };
        const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
          const last = options.length - 1;
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
            const down = event.key === 'ArrowDown';
            setActive(
              down
                ? activeIndex >= last
                  ? 0
                  : activeIndex + 1
                : activeIndex <= 0
                  ? last
                  : activeIndex - 1,
            );
          } else if (event.key === 'Enter') {
            // Never submits the form around it.
            event.preventDefault();
            const option = options[activeIndex];
            if (shown && option) pick(option);
          }
        };
        return (
          <div
            ref={rootRef}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
            }}
          >
            <label htmlFor={baseId} className={compactLabelClasses}>
              Places visited on day {day}
            </label>
            {chosen.length > 0 ? (
              <ol
                aria-label={`Places of day ${day}, in order`}
                className="mb-2 flex flex-wrap gap-1.5"
              >
                {chosen.map((id, at) => {
                  const name = nameOf(id);
                  const error = errors?.[at]?.message;
                  return (
                    <li
                      key={id}
                      className={`inline-flex items-center gap-1 rounded-full py-0.5 pr-1 pl-2.5 text-sm ring-1 ring-inset ${
                        error
                          ? 'bg-red-50 text-red-900 ring-red-300 dark:bg-red-500/10 dark:text-red-200 dark:ring-red-500/40'
                          : 'bg-teal-50 text-teal-900 ring-teal-200 dark:bg-teal-400/10 dark:text-teal-200 dark:ring-teal-400/30'
                      }`}
                    >
                      <span>
                        {at + 1}. {name}
                        {error ? <span className="sr-only"> ({error})</span> : null}
                      </span>
                      <ItemButton
                        icon="up"
                        label={`Move ${name} earlier`}
                        disabled={at === 0}
                        className="size-6! -rotate-90 border-0! bg-transparent!"
                        onClick={() => {
                          move(at, at - 1);
                        }}
                      />
                      <ItemButton
                        icon="down"
                        label={`Move ${name} later`}
                        disabled={at === chosen.length - 1}
                        className="size-6! -rotate-90 border-0! bg-transparent!"
                        onClick={() => {
                          move(at, at + 1);
                        }}
                      />
                      <button
                        type="button"
                        aria-label={`Remove ${name}`}
                        title={`Remove ${name}`}
                        className="rounded-full px-1 hover:bg-teal-100 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:hover:bg-teal-400/20"
                        onClick={() => {
                          change(
                            chosen.filter((other) => other !== id),
                            `${name} removed.`,
                          );
                        }}
                      >
                        <span aria-hidden="true">×</span>
                      </button>
                    </li>
                  );
                })}
              </ol>
            ) : null}
            <div className="relative">
              <input
                id={baseId}
                ref={field.ref}
                type="text"
                role="combobox"
                aria-expanded={shown}
                aria-controls={shown ? listId : undefined}
                aria-autocomplete="list"
                aria-activedescendant={
                  shown && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined
                }
                aria-describedby={`${baseId}-hint`}
                aria-invalid={errors?.message ? true : undefined}
                autoComplete="off"
                disabled={full}
                value={query}
                placeholder={full ? 'No more places for this day' : 'Search places…'}
                className={inputClasses(Boolean(errors?.message))}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(0);
                  setOpen(true);
                }}
                onFocus={() => {
                  setOpen(true);
                }}
                onKeyDown={onKey}
              />
              {shown ? (
                <div className="absolute inset-x-0 top-full z-30 mt-1 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
                  <ul
                    id={listId}
                    role="listbox"
                    aria-label={`Places for day ${day}`}
                    className="max-h-56 overflow-y-auto"
                  >
                    {options.map((place, at) => (
                      <li
                        key={place._id}
                        id={`${listId}-${at}`}
                        role="option"
                        aria-selected={at === activeIndex}
                        // A press keeps focus in the search box.
                        onMouseDown={(event) => {
                          event.preventDefault();
                        }}
                        onClick={() => {
                          pick(place);
                        }}
                        className={`cursor-pointer rounded px-2 py-1.5 text-sm text-slate-800 dark:text-slate-100 ${
                          at === activeIndex ? 'bg-slate-100 dark:bg-slate-800' : ''
                        }`}
                      >
                        {place.name}
                        <span className="text-slate-500 dark:text-slate-400">
                          {' '}
                          · {place.state.name}, {place.country.name}
                        </span>
                      </li>
                    ))}
                  </ul>
                  {options.length === 0 ? (
                    <p
                      role="status"
                      className="px-2 py-1.5 text-sm text-slate-500 dark:text-slate-400"
                    >
                      {found.isFetching
                        ? 'Searching…'
                        : found.isError
                          ? 'The places could not be loaded.'
                          : search
                            ? `No places match “${search}”.`
                            : 'No places to add.'}
                    </p>
                  ) : null}
                </div>
              ) : null}
            </div>
            <p id={`${baseId}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              In the order the day visits them (at most {ITINERARY_LIMITS.dayPlaces}).
            </p>
            {errors?.message ? <p className={fieldErrorClasses}>{errors.message}</p> : null}
            <p role="status" className="sr-only">
              {said}
            </p>
          </div>
        );
      }}
    />
  );
};
