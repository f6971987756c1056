import { useId, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { ITINERARY_LIMITS, MEAL_LABELS, MEALS, type Image } from '@safarnama/contract';
import { compactLabelClasses, fieldErrorClasses, inputClasses } from '../../components/ui/Form';
import { Thumbnail } from '../../components/ui/Thumbnail';
import { dayHasExtras, type ItineraryFormValues } from './itineraries.form';

interface DayExtrasProps {
  form: UseFormReturn<ItineraryFormValues, unknown, unknown>;
  /** The day's index in the plan (0-based). */
  index: number;
  /** The saved itinerary's gallery (empty for a new one: no image to choose then). */
  gallery: readonly Image[];
}

const legendClasses = 'mb-1 text-xs font-medium text-slate-700 dark:text-slate-300';
const choiceClasses =
  'size-4 shrink-0 border-slate-300 text-teal-700 focus-visible:ring-2 focus-visible:ring-teal-500 dark:border-slate-600 dark:bg-slate-950';

/**
 * A day's 'More for this day' (issue 22): meals (Breakfast / Lunch / Dinner), 'Stay' (where the
 * night is spent), 'Transfer' (how the day's travel happens) and, for a saved itinerary with a
 * gallery, one of its images. Folded away until opened; open from the start when any is filled,
 * and whenever one of them has an error.
 */
export const DayExtras = ({ form, index, gallery }: DayExtrasProps) => {
  const day = index + 1;
  const baseId = useId();
  const [expanded, setExpanded] = useState(() =>
    dayHasExtras(form.getValues(`dailyItinerary.${index}`)),
  );
  const errors = form.formState.errors.dailyItinerary?.[index];
  const stayError = errors?.stay?.message;
  const transferError = errors?.transfer?.message;
  const open = expanded || Boolean(errors?.meals ?? stayError ?? transferError ?? errors?.imageId);
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${baseId}-more`}
        onClick={() => {
          setExpanded(!open);
        }}
        className="inline-flex items-center gap-1 rounded text-sm font-medium text-teal-700 hover:underline focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-teal-300"
      >
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
          className={`size-4 transition-transform ${open ? 'rotate-90' : ''}`}
        >
          <path d="M7.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L10.94 10 7.22 6.28a.75.75 0 0 1 0-1.06Z" />
        </svg>
        More for this day
      </button>
      <div
        id={`${baseId}-more`}
        hidden={!open}
        className={`mt-2 gap-3 rounded-md bg-slate-50 p-3 sm:grid-cols-2 dark:bg-slate-800/40 ${open ? 'grid' : 'hidden'}`}
      >
        <Controller
          control={form.control}
          name={`dailyItinerary.${index}.meals`}
          render={({ field, fieldState }) => {
            const meals = field.value ?? [];
            return (
              <fieldset className="sm:col-span-2">
                <legend className={legendClasses}>Meals on day {day}</legend>
                <div className="flex flex-wrap gap-4">
                  {MEALS.map((meal) => (
                    <label
                      key={meal}
                      className="inline-flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200"
                    >
                      <input
                        type="checkbox"
                        className={`rounded ${choiceClasses}`}
                        checked={meals.includes(meal)}
                        onChange={(event) => {
                          const next = new Set(meals);
                          if (event.target.checked) next.add(meal);
                          else next.delete(meal);
                          // Always in the day's order: breakfast, lunch, dinner.
                          field.onChange(MEALS.filter((m) => next.has(m)));
                        }}
                      />
                      {MEAL_LABELS[meal]}
                    </label>
                  ))}
                </div>
                {fieldState.error ? (
                  <p className={fieldErrorClasses}>{fieldState.error.message}</p>
                ) : null}
              </fieldset>
            );
          }}
        />
        {(['stay', 'transfer'] as const).map((name) => {
          const id = `${baseId}-${name}`;
          const error = name === 'stay' ? stayError : transferError;
          return (
            <div key={name}>
              <label htmlFor={id} className={compactLabelClasses}>
                {name === 'stay' ? 'Stay' : 'Transfer'}
              </label>
              <input
                id={id}
                {...form.register(`dailyItinerary.${index}.${name}`)}
                maxLength={ITINERARY_LIMITS[name]}
                placeholder={
                  name === 'stay' ? 'Where the night is spent' : "How the day's travel happens"
                }
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className={inputClasses(Boolean(error))}
              />
              {error ? (
                <p id={`${id}-error`} className={fieldErrorClasses}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        {gallery.length > 0 ? (
          <Controller
            control={form.control}
            name={`dailyItinerary.${index}.imageId`}
            render={({ field, fieldState }) => (
              <fieldset className="sm:col-span-2">
                <legend className={legendClasses}>Image for day {day}</legend>
                <div className="flex flex-wrap gap-2">
                  {[null, ...gallery].map((image, at) => {
                    const checked = (field.value ?? null) === (image?._id ?? null);
                    return (
                      <label
                        key={image?._id ?? 'none'}
                        className={`flex cursor-pointer items-center gap-2 rounded-md border p-1.5 pr-2.5 text-sm has-focus-visible:ring-2 has-focus-visible:ring-teal-500 ${
                          checked
                            ? 'border-teal-600 bg-teal-50 text-teal-900 dark:border-teal-400 dark:bg-teal-400/10 dark:text-teal-100'
                            : 'border-slate-200 bg-white text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300'
                        }`}
                      >
                        <input
                          type="radio"
                          name={`${baseId}-image`}
                          className="sr-only"
                          checked={checked}
                          onChange={() => {
                            field.onChange(image?._id ?? null);
                          }}
                        />
                        <Thumbnail image={image} className="h-10 w-14" />
                        <span className="max-w-40 truncate">
                          {image ? image.altText || `Gallery image ${at}` : 'No image'}
                        </span>
                      </label>
                    );
                  })}
                </div>
                {fieldState.error ? (
                  <p className={fieldErrorClasses}>{fieldState.error.message}</p>
                ) : null}
              </fieldset>
            )}
          />
        ) : null}
      </div>
    </div>
  );
};
