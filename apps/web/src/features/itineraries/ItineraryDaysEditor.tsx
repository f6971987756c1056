import { useId } from 'react';
import { useFieldArray, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/ui/Button';
import { DragHandle, SortableArea, useSortableItem } from '../../components/ui/SortableArea';
import { DESCRIPTION_ROWS, ITINERARY_LIMITS, ITINERARY_TEXTS } from '@safarnama/contract';
import type { ItineraryFormValues } from './itineraries.form';
import { fieldErrorClasses, inputClasses, iconButtonClasses } from '../../components/ui/Form';

interface ItineraryDaysEditorProps {
  form: UseFormReturn<ItineraryFormValues, unknown, unknown>;
}

/**
 * The days of the plan (spec §2 "Daily Itinerary"): each with an editable title, a 4-row
 * description and a delete button, reordered by dragging the handle (pointer or keyboard: space,
 * arrows, space) or with 'Move up' / 'Move down'; 'Add Day' appends 'Day N' (N = count + 1).
 */
export const ItineraryDaysEditor = ({ form }: ItineraryDaysEditorProps) => {
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
        <SortableArea ids={fields.map((day) => day.id)} onMove={move}>
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
              />
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
            append({ title: `Day ${fields.length + 1}`, description: '' });
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
            <label
              htmlFor={titleId}
              className="mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300"
            >
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
            <label
              htmlFor={descriptionId}
              className="mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300"
            >
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
        </div>
        <div className="mt-7 flex shrink-0 flex-col gap-1.5">
          <button
            type="button"
            aria-label="Move up"
            title="Move up"
            disabled={index === 0}
            className={iconButtonClasses}
            onClick={() => {
              onMove(index - 1);
            }}
          >
            <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
              <path
                fillRule="evenodd"
                d="M14.78 11.78a.75.75 0 0 1-1.06 0L10 8.06l-3.72 3.72a.75.75 0 1 1-1.06-1.06l4.25-4.25a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06Z"
                clipRule="evenodd"
              />
            </svg>
          </button>
          <button
            type="button"
            aria-label="Move down"
            title="Move down"
            disabled={index === count - 1}
            className={iconButtonClasses}
            onClick={() => {
              onMove(index + 1);
            }}
          >
            <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
              <path
                fillRule="evenodd"
                d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
                clipRule="evenodd"
              />
            </svg>
          </button>
          <button
            type="button"
            aria-label={`Delete day ${position}`}
            title="Delete day"
            className={`${iconButtonClasses} text-red-600 hover:text-red-700 dark:text-red-400`}
            onClick={onDelete}
          >
            <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
              <path
                fillRule="evenodd"
                d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 1 0 .23 1.482l.149-.022.841 10.518A2.75 2.75 0 0 0 7.596 19h4.807a2.75 2.75 0 0 0 2.742-2.53l.841-10.52.149.023a.75.75 0 0 0 .23-1.482A41.03 41.03 0 0 0 14 4.193V3.75A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.673.025 2.5.075V3.75c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.325C8.327 4.025 9.16 4 10 4ZM8.58 7.72a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.34.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z"
                clipRule="evenodd"
              />
            </svg>
          </button>
        </div>
      </div>
    </li>
  );
};
