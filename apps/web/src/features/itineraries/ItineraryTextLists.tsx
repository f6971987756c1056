import { useId, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { ITINERARY_LIMITS } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { compactLabelClasses, fieldErrorClasses, inputClasses } from '../../components/ui/Form';
import { ItemButton } from '../../components/ui/ItemButtons';
import { DragHandle, SortableArea, useSortableItem } from '../../components/ui/SortableArea';
import type { ItineraryFormValues } from './itineraries.form';

type ListName = 'highlights' | 'inclusions' | 'exclusions';

/** The three lists of issue 22: the form's key, the legend and what one item is called. */
const LISTS: readonly { name: ListName; legend: string; noun: string }[] = [
  { name: 'highlights', legend: 'Highlights', noun: 'highlight' },
  { name: 'inclusions', legend: 'Inclusions', noun: 'inclusion' },
  { name: 'exclusions', legend: 'Exclusions', noun: 'exclusion' },
];

type FormOf = UseFormReturn<ItineraryFormValues, unknown, unknown>;

const handleClasses =
  'shrink-0 border border-slate-300 bg-white text-slate-600 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800';

let lastKey = 0;
/** A key for an item added to a list (unique in the page). */
const newKey = () => `item-${String((lastKey += 1))}`;

/** Stable keys for the items of a list of texts (the texts themselves may repeat or change). */
const useItemKeys = (length: number) => {
  const [keys, setKeys] = useState<string[]>(() => Array.from({ length }, newKey));
  // A reset from outside (the edit-conflict dialog) may change the count: keep the keys in step
  // (the extra items keyed by their position until the list is next changed here).
  const current =
    keys.length >= length
      ? keys.slice(0, length)
      : [
          ...keys,
          ...Array.from({ length: length - keys.length }, (_, k) => `at-${keys.length + k}`),
        ];
  return { keys: current, setKeys };
};

const TextList = ({
  form,
  name,
  legend,
  noun,
}: {
  form: FormOf;
  name: ListName;
  legend: string;
  noun: string;
}) => {
  const baseId = useId();
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  // The item just added takes focus when it mounts.
  const [addedKey, setAddedKey] = useState<string | null>(null);
  const count = useWatch({ control: form.control, name }).length;
  const { keys, setKeys } = useItemKeys(count);

  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const values = field.value;
        const errors = fieldState.error as
          (Record<number, { message?: string } | undefined> & { message?: string }) | undefined;
        const update = (next: string[], nextKeys: string[]) => {
          setKeys(nextKeys);
          field.onChange(next);
        };
        const move = (from: number, to: number) => {
          if (to < 0 || to >= values.length) return;
          const next = [...values];
          const nextKeys = [...keys];
          next.splice(to, 0, ...next.splice(from, 1));
          nextKeys.splice(to, 0, ...nextKeys.splice(from, 1));
          update(next, nextKeys);
        };
        return (
          <fieldset className="min-w-0">
            <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
              {legend}
            </legend>
            {values.length === 0 ? (
              <p className="text-sm text-slate-500 dark:text-slate-400">
                No {legend.toLowerCase()} yet.
              </p>
            ) : (
              <SortableArea ids={keys} onMove={move} itemName={(at) => `${Noun} ${at + 1}`}>
                <ol className="space-y-2">
                  {values.map((text, at) => (
                    <TextItem
                      key={keys[at]}
                      id={keys[at] ?? String(at)}
                      inputId={`${baseId}-${keys[at] ?? at}`}
                      label={`${Noun} ${at + 1}`}
                      noun={noun}
                      position={at + 1}
                      count={values.length}
                      value={text}
                      autoFocus={keys[at] === addedKey}
                      error={errors?.[at]?.message}
                      onChange={(value) => {
                        field.onChange(values.map((old, k) => (k === at ? value : old)));
                      }}
                      onMove={(to) => {
                        move(at, to);
                      }}
                      onRemove={() => {
                        update(
                          values.filter((_, k) => k !== at),
                          keys.filter((_, k) => k !== at),
                        );
                      }}
                    />
                  ))}
                </ol>
              </SortableArea>
            )}
            {errors?.message ? <p className={fieldErrorClasses}>{errors.message}</p> : null}
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              disabled={values.length >= ITINERARY_LIMITS.listItems}
              onClick={() => {
                const key = newKey();
                update([...values, ''], [...keys, key]);
                setAddedKey(key);
              }}
            >
              Add {noun}
            </Button>
          </fieldset>
        );
      }}
    />
  );
};

const TextItem = ({
  id,
  inputId,
  label,
  noun,
  position,
  count,
  value,
  autoFocus,
  error,
  onChange,
  onMove,
  onRemove,
}: {
  id: string;
  inputId: string;
  label: string;
  noun: string;
  position: number;
  count: number;
  value: string;
  autoFocus: boolean;
  error: string | undefined;
  onChange: (value: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) => {
  const { itemProps, handleProps, frame } = useSortableItem(id);
  return (
    <li
      {...itemProps}
      className={`flex items-start gap-2 rounded-md border bg-white p-2 dark:bg-slate-900 ${frame}`}
    >
      <DragHandle
        handleProps={handleProps}
        label={`Drag to reorder ${noun} ${position}`}
        className={`mt-5 ${handleClasses}`}
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={inputId} className={compactLabelClasses}>
          {label}
        </label>
        <input
          id={inputId}
          value={value}
          autoFocus={autoFocus}
          maxLength={ITINERARY_LIMITS.listItem}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={inputClasses(Boolean(error))}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
        {error ? (
          <p id={`${inputId}-error`} className={fieldErrorClasses}>
            {error}
          </p>
        ) : null}
      </div>
      <div className="mt-5 flex shrink-0 gap-1">
        <ItemButton
          icon="up"
          label={`Move ${noun} ${position} up`}
          disabled={position === 1}
          onClick={() => {
            onMove(position - 2);
          }}
        />
        <ItemButton
          icon="down"
          label={`Move ${noun} ${position} down`}
          disabled={position === count}
          onClick={() => {
            onMove(position);
          }}
        />
        <ItemButton icon="delete" label={`Remove ${noun} ${position}`} onClick={onRemove} />
      </div>
    </li>
  );
};

/**
 * Highlights, Inclusions and Exclusions (issue 22): three lists of short texts (at most 30 of
 * 200 characters each), every item editable, removable and reordered by its drag handle (pointer
 * or keyboard, announced by name and position) or 'Move … up / down'.
 */
export const ItineraryTextLists = ({ form }: { form: FormOf }) => (
  <div className="grid gap-5">
    {LISTS.map((list) => (
      <TextList key={list.name} form={form} {...list} />
    ))}
  </div>
);
