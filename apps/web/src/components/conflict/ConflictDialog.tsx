import { isValidElement, useEffect, useId, useState, type ReactNode } from 'react';
import type { EditConflict, Image } from '@safarnama/contract';
import { formatDateTime, truncateText } from '../../lib/format';
import { Button } from '../ui/Button';
import { FormFooter } from '../ui/Form';
import { Modal } from '../ui/Modal';
import { Thumbnail } from '../ui/Thumbnail';
import {
  conflictRows,
  defaultSide,
  type ConflictField,
  type ConflictItem,
  type ConflictReading,
  type ConflictSide,
} from './conflictFields';

export interface ConflictDialogProps<V extends object> {
  /** What was saved over, in the title: 'Someone else saved this itinerary'. */
  noun: string;
  /** The server's 409 `EDIT_CONFLICT` data: who saved, when, and their record. */
  conflict: EditConflict;
  /** Their record as form values, this admin's form values, and what the form was opened with. */
  theirs: V;
  mine: V;
  opened: V;
  fields: readonly ConflictField<V>[];
  /** 'Take theirs': the form gets their values; nothing is saved. */
  onTakeTheirs: () => void;
  /**
   * 'Keep mine' (every row's keys) or 'Save merged' (the rows chosen as 'Mine'): save again. With
   * no keys at once when nothing differs (they changed what the form does not hold: the status,
   * the gallery): their values are this admin's then, and the save goes through unasked.
   */
  onSave: (mineKeys: (keyof V & string)[]) => void;
  /** Closed without a choice: the form stays as it was (its next save is told again). */
  onCancel: () => void;
}

/** Rich text as the plain text a reader compares: block ends become line breaks. */
const plainText = (html: string): string => {
  const marked = html.replace(/<\/(p|h\d|li|blockquote)>|<br\s*\/?>/gi, '$&\n');
  const text = new DOMParser().parseFromString(marked, 'text/html').body.textContent ?? '';
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
};

const LONG_TEXT = 600;

/** A value by its type: text, number, yes/no, a chosen file, a list joined or listed. */
const readValue = (value: unknown, rich: boolean): ConflictReading => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return truncateText(rich ? plainText(value) : value, LONG_TEXT);
  if (typeof value === 'number') return Number.isNaN(value) ? '' : String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof File) return [{ text: value.name, image: value }];
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string' || typeof item === 'number')) {
      return value.join(', ');
    }
    return value.map((item): ConflictItem => ({ text: readText(item) }));
  }
  return readText(value);
};

/** An entry's text: its own text values joined ('Day 1 — Arrive in Goa'). */
const readText = (value: unknown): string =>
  typeof value === 'object' && value !== null
    ? Object.values(value)
        .filter((part) => typeof part === 'string' || typeof part === 'number')
        .map((part) => String(part).trim())
        .filter(Boolean)
        .join(' — ')
    : String(value);

const muted = 'text-slate-500 italic dark:text-slate-400';

/** A chosen file's preview: an object URL made with the picture, given back when it goes. */
const FileThumbnail = ({ file }: { file: File }) => (
  <img
    alt=""
    className="h-12 w-16 shrink-0 rounded-md border border-slate-200 object-cover dark:border-slate-700"
    ref={(img) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => {
        URL.revokeObjectURL(url);
      };
    }}
  />
);

const Picture = ({ image }: { image: Image | File | null }) =>
  image instanceof File ? <FileThumbnail file={image} /> : <Thumbnail image={image} />;

const Reading = ({ reading }: { reading: ConflictReading }): ReactNode => {
  if (isValidElement(reading)) return reading;
  if (typeof reading === 'string') {
    return reading === '' ? (
      <span className={muted}>Empty</span>
    ) : (
      <span className="block break-words whitespace-pre-line">{reading}</span>
    );
  }
  const items = reading as readonly ConflictItem[];
  if (items.length === 0) return <span className={muted}>None</span>;
  return (
    <span className="block space-y-1.5">
      {items.map((item, index) => (
        <span key={index} className="flex min-w-0 items-center gap-2">
          {item.image !== undefined ? <Picture image={item.image} /> : null}
          <span className="min-w-0 break-words">{item.text}</span>
        </span>
      ))}
    </span>
  );
};

/** "Priya Shah saved it at Jan 5, 2025, 3:04 PM IST." (or without the time when unknown). */
export const savedByText = (conflict: EditConflict): string => {
  const who = conflict.changedBy?.name || 'Another admin';
  return conflict.changedAt
    ? `${who} saved it at ${formatDateTime(conflict.changedAt)}.`
    : `${who} saved it after you opened it.`;
};

const rowKey = <V extends object>(field: ConflictField<V>) => field.keys.join('+');

/**
 * The edit conflict (issue 21): someone saved the record after this admin opened the form. Names
 * them and when, lists only the values that differ (Theirs | Mine, side by side from 640 px,
 * stacked below), each with a choice that starts on the side that changed it, and offers
 * 'Take theirs' (the form gets their values), 'Keep mine' and 'Save merged' (saved against their
 * version). Radios and buttons are plain controls: Tab, arrows and Space work as everywhere.
 */
export const ConflictDialog = <V extends object>({
  noun,
  conflict,
  theirs,
  mine,
  opened,
  fields,
  onTakeTheirs,
  onSave,
  onCancel,
}: ConflictDialogProps<V>) => {
  const name = useId();
  const [rows] = useState(() => conflictRows(fields, theirs, mine));
  const [sides, setSides] = useState<Record<string, ConflictSide>>(() =>
    Object.fromEntries(rows.map((row) => [rowKey(row), defaultSide(row, opened, mine)])),
  );
  const keysOf = (chosen: readonly ConflictField<V>[]) => chosen.flatMap((row) => row.keys);
  const nothingDiffers = rows.length === 0;
  // Once per conflict: `onSave` is the same function for the life of this dialog.
  useEffect(() => {
    if (nothingDiffers) onSave([]);
  }, [nothingDiffers, onSave]);
  const read = (row: ConflictField<V>, side: ConflictSide): ConflictReading => {
    const values = side === 'theirs' ? theirs : mine;
    if (row.read) return row.read(values, { side, conflict });
    const [key] = row.keys;
    return key === undefined ? '' : readValue(values[key], row.rich === true);
  };

  if (nothingDiffers) return null;
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={`Someone else saved this ${noun}`}
      description={`${savedByText(conflict)} Choose what to keep where your version differs from theirs.`}
      size="max-w-2xl"
    >
      <div className="space-y-3">
        {rows.map((row) => {
          const key = rowKey(row);
          return (
            <fieldset
              key={key}
              className="min-w-0 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
            >
              <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">
                {row.label}
              </legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {(['theirs', 'mine'] as const).map((side) => {
                  const chosen = sides[key] === side;
                  return (
                    <label
                      key={side}
                      className={`flex min-w-0 cursor-pointer gap-3 rounded-md border p-3 text-sm focus-within:ring-2 focus-within:ring-teal-500 ${
                        chosen
                          ? 'border-teal-500 bg-teal-50 dark:border-teal-400 dark:bg-teal-950/40'
                          : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/60'
                      }`}
                    >
                      <input
                        type="radio"
                        name={`${name}-${key}`}
                        value={side}
                        checked={chosen}
                        onChange={() => {
                          setSides((previous) => ({ ...previous, [key]: side }));
                        }}
                        className="mt-0.5 size-4 shrink-0 accent-teal-700 dark:accent-teal-400"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
                          {side === 'theirs' ? 'Theirs' : 'Mine'}
                        </span>
                        {/* Read as "Theirs: <value>" (the spans are visual lines, not words). */}
                        <span className="sr-only">: </span>
                        <span className="mt-1 block text-slate-900 dark:text-slate-100">
                          <Reading reading={read(row, side)} />
                        </span>
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
      </div>
      <FormFooter className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onTakeTheirs}>
          Take theirs
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            onSave(keysOf(rows));
          }}
        >
          Keep mine
        </Button>
        <Button
          onClick={() => {
            onSave(keysOf(rows.filter((row) => sides[rowKey(row)] === 'mine')));
          }}
        >
          Save merged
        </Button>
      </FormFooter>
    </Modal>
  );
};
