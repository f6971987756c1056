import type { ReactElement } from 'react';
import type { EditConflict, Image } from '@safarnama/contract';
import { sameValues } from '../../lib/useUnsavedChanges';

/** Whose value a row shows: the record as the other admin saved it, or this admin's form. */
export type ConflictSide = 'theirs' | 'mine';

/** One entry of a list value: its text and, for pictures, a stored image or a chosen file. */
export interface ConflictItem {
  text: string;
  /** A picture beside the text (a thumbnail); null draws the empty placeholder. */
  image?: Image | File | null;
}

/** How a value reads in the dialog: a text, a list of entries, or an element of its own. */
export type ConflictReading = string | readonly ConflictItem[] | ReactElement;

/**
 * One row of the conflict dialog: one form value, or several chosen together (a location's
 * country, state and place must not be mixed from both sides).
 */
export interface ConflictField<V> {
  keys: readonly (keyof V & string)[];
  /** What the admin reads ('Price per person', not 'pricePerPerson'). */
  label: string;
  /** Rich text (HTML): compared as it is, shown as plain text. */
  rich?: boolean;
  /**
   * The value as the admin reads it; default: by its type (text, number, yes/no, a list joined).
   * `conflict` is the server's answer (its `current` holds what the form's values leave out).
   */
  read?: (values: V, context: { side: ConflictSide; conflict: EditConflict }) => ConflictReading;
  /** What is compared (default: the keys' values), e.g. only the ids of a list of chosen items. */
  compare?: (values: V) => unknown;
}

/** 'metaTitle' → 'Meta title': the label of a value no row of the form names. */
const labelOf = (key: string): string => {
  const words = key.replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const differs = <V extends object>(field: ConflictField<V>, theirs: V, mine: V): boolean =>
  field.compare
    ? !sameValues(field.compare(theirs), field.compare(mine))
    : field.keys.some((key) => !sameValues(theirs[key], mine[key]));

/**
 * The rows whose values differ between their record and this admin's form, in the form's order;
 * a differing value no row names gets a row of its own (nothing that differs is left unshown).
 */
export const conflictRows = <V extends object>(
  fields: readonly ConflictField<V>[],
  theirs: V,
  mine: V,
): ConflictField<V>[] => {
  const named = new Set<string>(fields.flatMap((field) => field.keys));
  const rest = Object.keys({ ...theirs, ...mine })
    .filter((key) => !named.has(key))
    .map((key): ConflictField<V> => ({ keys: [key as keyof V & string], label: labelOf(key) }));
  return [...fields, ...rest].filter((field) => differs(field, theirs, mine));
};

/**
 * The side a row starts on: 'mine' where this admin changed the value since the form opened,
 * 'theirs' where only the other admin did (keeping an untouched value would undo their change).
 */
export const defaultSide = <V extends object>(
  field: ConflictField<V>,
  opened: V,
  mine: V,
): ConflictSide => (differs(field, opened, mine) ? 'mine' : 'theirs');
