import {
  PERMISSION_ACTIONS,
  PERMISSION_KEYS,
  PERMISSION_MODULES,
  type PermissionAction,
  type PermissionKey,
  type PermissionModule,
} from '@safarnama/contract';

/** One row of the matrix: a module, its label and the actions it has. */
export interface MatrixRow {
  module: PermissionModule;
  label: string;
  actions: readonly PermissionAction[];
}

export const MATRIX_ROWS: MatrixRow[] = (Object.keys(PERMISSION_MODULES) as PermissionModule[]).map(
  (module) => ({
    module,
    label: PERMISSION_MODULES[module].label,
    actions: PERMISSION_MODULES[module].actions,
  }),
);

export const MATRIX_ACTIONS = PERMISSION_ACTIONS;

export const keyOf = (module: PermissionModule, action: PermissionAction) =>
  `${module}.${action}` as PermissionKey;

const rowKeys = (row: MatrixRow) => row.actions.map((action) => keyOf(row.module, action));

const columnKeys = (action: PermissionAction) =>
  MATRIX_ROWS.filter((row) => row.actions.includes(action)).map((row) => keyOf(row.module, action));

/** The keys the editor may change (empty when the matrix is read-only). */
export const editableKeys = (grantable: readonly string[], editable: boolean): Set<string> =>
  editable ? new Set(grantable) : new Set();

/**
 * Sets one key. Create, update and delete are useless without view (the page would not open), so
 * granting one of them grants view too, and withdrawing view withdraws the rest of the row; both
 * only as far as the editor may change those keys.
 */
export const setKey = (
  selected: ReadonlySet<string>,
  key: PermissionKey,
  on: boolean,
  canChange: ReadonlySet<string>,
): Set<string> => {
  const next = new Set(selected);
  if (!canChange.has(key)) return next;
  const [module, action] = key.split('.') as [PermissionModule, PermissionAction];
  const row = MATRIX_ROWS.find((candidate) => candidate.module === module);
  if (on) {
    next.add(key);
    const view = keyOf(module, 'view');
    if (action !== 'view' && canChange.has(view)) next.add(view);
  } else {
    next.delete(key);
    if (action === 'view' && row) {
      for (const other of rowKeys(row)) if (canChange.has(other)) next.delete(other);
    }
  }
  return next;
};

/** 'all', 'some' or 'none' of the changeable keys of a group are held. */
export type GroupState = 'all' | 'some' | 'none';

const groupState = (
  keys: readonly PermissionKey[],
  selected: ReadonlySet<string>,
  canChange: ReadonlySet<string>,
): { state: GroupState; changeable: PermissionKey[] } => {
  const changeable = keys.filter((key) => canChange.has(key));
  const held = changeable.filter((key) => selected.has(key)).length;
  const state: GroupState =
    changeable.length > 0 && held === changeable.length ? 'all' : held > 0 ? 'some' : 'none';
  return { state, changeable };
};

export const rowState = (
  row: MatrixRow,
  selected: ReadonlySet<string>,
  canChange: ReadonlySet<string>,
) => groupState(rowKeys(row), selected, canChange);

export const columnState = (
  action: PermissionAction,
  selected: ReadonlySet<string>,
  canChange: ReadonlySet<string>,
) => groupState(columnKeys(action), selected, canChange);

/** A row or column toggle: all of its changeable keys on, or (when all are on) all off. */
export const toggleGroup = (
  keys: readonly PermissionKey[],
  state: GroupState,
  selected: ReadonlySet<string>,
  canChange: ReadonlySet<string>,
): Set<string> => {
  const on = state !== 'all';
  // Withdraw view last, so withdrawing it does not take keys of other columns along first.
  const ordered = on
    ? keys
    : [...keys].sort((a, b) => Number(a.endsWith('.view')) - Number(b.endsWith('.view')));
  return ordered.reduce<Set<string>>(
    (acc, key) => setKey(acc, key, on, canChange),
    new Set(selected),
  );
};

/** The set to send: known keys only, in the contract's order. */
export const toRequestKeys = (selected: ReadonlySet<string>): PermissionKey[] =>
  PERMISSION_KEYS.filter((key) => selected.has(key));

export const sameKeys = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean =>
  a.size === b.size && [...a].every((key) => b.has(key));

/** 'Itineraries: view, create' lines of a type's permissions, in module order. */
export const summarise = (permissions: readonly string[]): { label: string; actions: string }[] => {
  const held = new Set(permissions);
  return MATRIX_ROWS.flatMap((row) => {
    const actions = row.actions.filter((action) => held.has(keyOf(row.module, action)));
    return actions.length > 0 ? [{ label: row.label, actions: actions.join(', ') }] : [];
  });
};
