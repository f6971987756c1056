import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useFieldArray, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import {
  DESCRIPTION_ROWS,
  ITINERARY_LIMITS,
  ITINERARY_TEXTS,
  type Image,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { compactLabelClasses, fieldErrorClasses, inputClasses } from '../../components/ui/Form';
import { ItemButton } from '../../components/ui/ItemButtons';
import { DragHandle, SortableArea, useSortableItem } from '../../components/ui/SortableArea';
import { loadWithTimeout } from '../../app/lazy';
import { newDay, type ItineraryFormValues } from './itineraries.form';
import type { PickedPlace, PlaceCache } from './routeStops';

/** A day's places and extras (issue 22), in their own chunk: one load for every day. */
const DayDetails = lazy(() =>
  loadWithTimeout(() => import('./DayDetails')).then((module) => ({
    default: module.DayDetails,
  })),
);

interface ItineraryDaysEditorProps {
  form: UseFormReturn<ItineraryFormValues, unknown, unknown>;
  /** The names and coordinates of the places the days name (saved or picked in the form). */
  places: PlaceCache;
  /** A place was picked for a day: the form remembers its name and coordinates. */
  onPickPlace: (place: PickedPlace) => void;
  /** The saved itinerary's gallery, the images a day may show (none for a new itinerary). */
  gallery: readonly Image[];
}

/**
 * The days of the plan (spec §2 "Daily Itinerary"): each with an editable title, a 4-row
 * description and a delete button, reordered by dragging the handle (pointer or keyboard: space,
 * arrows, space) or with 'Move up' / 'Move down'; 'Add Day' appends 'Day N' (N = count + 1).
 * Issue 22: the places the day visits, in order, and its 'More for this day' (meals, stay,
 * transfer, image).
 */
export const ItineraryDaysEditor = ({
  form,
  places,
  onPickPlace,
  gallery,
}: ItineraryDaysEditorProps) => {
  const { fields, append, remove, move } = useFieldArray({
    control: form.control,
    name: 'dailyItinerary',
  });
  const errors = form.formState.errors.dailyItinerary;
  return (
    <>
      {fields.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
          No days yet. Use 'Add Day' to plan the first one.
        </p>
      ) : (
        <SortableArea
          ids={fields.map((day) => day.id)}
          onMove={move}
          itemName={(index) => `Day ${index + 1}`}
        >
          <ol aria-label="Days" className="space-y-3">
            {fields.map((day, index) => (
              <SortableDay
                key={day.id}
                id={day.id}
                index={index}
                count={fields.length}
                title={form.register(`dailyItinerary.${index}.title`)}
                description={form.register(`dailyItinerary.${index}.description`)}
                titleError={errors?.[index]?.title?.message}
                descriptionError={errors?.[index]?.description?.message}
                onMove={(to) => {
                  move(index, to);
                }}
                onDelete={() => {
                  remove(index);
                }}
              >
                <Suspense
                  fallback={
                    <div
                      aria-busy="true"
                      className="h-16 animate-pulse rounded-md bg-slate-100 dark:bg-slate-800/60"
                    />
                  }
                >
                  <DayDetails
                    form={form}
                    index={index}
                    places={places}
                    onPickPlace={onPickPlace}
                    gallery={gallery}
                  />
                </Suspense>
              </SortableDay>
            ))}
          </ol>
        </SortableArea>
      )}
      <div className="mt-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={fields.length >= ITINERARY_LIMITS.days}
          onClick={() => {
            append(newDay(fields.length + 1));
          }}
        >
          {ITINERARY_TEXTS.addDay}
        </Button>
      </div>
    </>
  );
};

interface SortableDayProps {
  id: string;
  index: number;
  count: number;
  title: UseFormRegisterReturn;
  description: UseFormRegisterReturn;
  titleError?: string;
  descriptionError?: string;
  onMove: (to: number) => void;
  onDelete: () => void;
  /** The day's places and extras, under its description. */
  children: ReactNode;
}

const SortableDay = ({
  id,
  index,
  count,
  title,
  description,
  titleError,
  descriptionError,
  onMove,
  onDelete,
  children,
}: SortableDayProps) => {
  const titleId = useId();
  const descriptionId = useId();
  const { itemProps, handleProps, frame } = useSortableItem(id);
  const position = index + 1;
  return (
    <li
      {...itemProps}
      aria-label={`Day ${position}`}
      className={`relative rounded-lg border bg-white p-3 dark:bg-slate-900 ${frame}`}
    >
      <div className="flex items-start gap-3">
        <DragHandle
          handleProps={handleProps}
          label={`Drag to reorder day ${position}`}
          className="mt-7 shrink-0 border border-slate-300 bg-white text-slate-600 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <div>
            <label htmlFor={titleId} className={compactLabelClasses}>
              Day {position} title
            </label>
            <input
              id={titleId}
              {...title}
              maxLength={ITINERARY_LIMITS.dayTitle}
              aria-invalid={titleError ? true : undefined}
              className={inputClasses(Boolean(titleError))}
            />
            {titleError ? <p className={fieldErrorClasses}>{titleError}</p> : null}
          </div>
          <div>
            <label htmlFor={descriptionId} className={compactLabelClasses}>
              Day {position} description
            </label>
            <textarea
              id={descriptionId}
              {...description}
              rows={DESCRIPTION_ROWS}
              maxLength={ITINERARY_LIMITS.dayDescription}
              placeholder={ITINERARY_TEXTS.dayPlaceholder}
              aria-invalid={descriptionError ? true : undefined}
              className={inputClasses(Boolean(descriptionError))}
            />
            {descriptionError ? <p className={fieldErrorClasses}>{descriptionError}</p> : null}
          </div>
          {children}
        </div>
        <div className="mt-7 flex shrink-0 flex-col gap-1.5">
          <ItemButton
            icon="up"
            label="Move up"
            disabled={index === 0}
            onClick={() => {
              onMove(index - 1);
            }}
          />
          <ItemButton
            icon="down"
            label="Move down"
            disabled={index === count - 1}
            onClick={() => {
              onMove(index + 1);
            }}
          />
          <ItemButton
            icon="delete"
            label={`Delete day ${position}`}
            title="Delete day"
            onClick={onDelete}
          />
        </div>
      </div>
    </li>
  );
};
