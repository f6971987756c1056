import { useState } from 'react';

interface SelectionState {
  /** The page and search (and filter) the selection was made on. */
  key: string;
  ids: ReadonlySet<string>;
  /** The row a shift-click's range starts from: the last one clicked. */
  anchor: string | null;
}

/** What a list page's row selection holds and does (`useRowSelection`). */
export interface RowSelection {
  /** Whether the page offers selection at all (the admin may do a bulk action). */
  enabled: boolean;
  /** The selected ids, in the rows' order (only rows of the page shown). */
  selected: readonly string[];
  count: number;
  isSelected: (id: string) => boolean;
  /** A row's checkbox: one row, or with `range` (shift held) every row from the last one clicked. */
  toggle: (id: string, range?: boolean) => void;
  /** The header checkbox: every row of the page, or none when all are selected. */
  togglePage: () => void;
  /** All rows of the page selected / some of them (the header checkbox's indeterminate state). */
  allSelected: boolean;
  someSelected: boolean;
  /** Selects exactly these (after a bulk action: the ones it could not do). */
  select: (ids: readonly string[]) => void;
  clear: () => void;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * Issue 24: the checkboxes of a list page's rows. The selection belongs to the page and search it
 * was made on (`list.page`, `list.search`, and `filter`, e.g. the 'Needs attention' key): another
 * page, search or filter starts empty. Rows that left the page (deleted, reloaded away) drop out.
 * `enabled` false (the admin may do no bulk action): no checkboxes, no bar.
 */
export const useRowSelection = (
  list: { rows: readonly { _id: string }[]; page: number; search: string },
  { enabled, filter = '' }: { enabled: boolean; filter?: string },
): RowSelection => {
  const key = `${list.page}\u0000${list.search}\u0000${filter}`;
  const [state, setState] = useState<SelectionState>({ key, ids: NONE, anchor: null });
  const current = state.key === key ? state : { key, ids: NONE, anchor: null };
  const order = list.rows.map((row) => row._id);
  const selected = order.filter((id) => current.ids.has(id));
  const set = (ids: Iterable<string>, anchor: string | null = current.anchor) => {
    setState({ key, ids: new Set(ids), anchor });
  };

  const toggle = (id: string, range = false) => {
    const checked = !current.ids.has(id);
    const from = current.anchor === null ? -1 : order.indexOf(current.anchor);
    const to = order.indexOf(id);
    const ids = new Set(selected);
    const span =
      range && from >= 0 && to >= 0
        ? order.slice(Math.min(from, to), Math.max(from, to) + 1)
        : [id];
    for (const each of span) {
      if (checked) ids.add(each);
      else ids.delete(each);
    }
    set(ids, id);
  };

  const allSelected = order.length > 0 && selected.length === order.length;
  return {
    enabled,
    selected,
    count: selected.length,
    isSelected: (id) => current.ids.has(id),
    toggle,
    togglePage: () => {
      set(allSelected ? [] : order, null);
    },
    allSelected,
    someSelected: selected.length > 0 && !allSelected,
    select: (ids) => {
      set(ids, null);
    },
    clear: () => {
      set([], null);
    },
  };
};
