import {
  PERMISSION_ACTIONS,
  PERMISSION_KEYS,
  PERMISSION_MODULES,
  type PermissionAction,
  type PermissionKey,
  type PermissionModule,
  withDependencies,
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

const ACTION_LABELS: Record<PermissionAction, string> = {
  view: 'View',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
};

export const actionLabel = (action: PermissionAction): string => ACTION_LABELS[action];

/** 'Itineraries · Create'. */
export const keyLabel = (key: PermissionKey): string => {
  const [module, action] = key.split('.') as [PermissionModule, PermissionAction];
  return `${PERMISSION_MODULES[module].label} · ${ACTION_LABELS[action]}`;
};

/**
 * The other selected keys that need `key` (directly or through another key, the contract's
 * `PERMISSION_DEPENDENCIES`), in the contract's order. While any is selected, `key` stays.
 */
export const neededBy = (selected: ReadonlySet<string>, key: PermissionKey): PermissionKey[] =>
  PERMISSION_KEYS.filter(
    (other) => other !== key && selected.has(other) && withDependencies([other]).includes(key),
  );

/**
 * Grants or withdraws keys, only as far as the editor may change them. Granting a key grants what
 * it needs too (its module's view, the lists its forms pick from); a key that a selected key still
 * needs cannot be withdrawn, so withdrawing a group withdraws the rest and keeps those.
 */
const change = (
  selected: ReadonlySet<string>,
  keys: readonly PermissionKey[],
  on: boolean,
  canChange: ReadonlySet<string>,
): Set<string> => {
  const changing = keys.filter((key) => canChange.has(key));
  if (on) {
    const needed = withDependencies(changing).filter((key) => canChange.has(key));
    return new Set([...selected, ...needed]);
  }
  const rest = [...selected].filter((key) => !changing.includes(key as PermissionKey));
  const stillNeeded = new Set<string>(withDependencies(rest));
  return new Set([...rest, ...changing.filter((key) => selected.has(key) && stillNeeded.has(key))]);
};

/** Sets one key (see `change`). */
export const setKey = (
  selected: ReadonlySet<string>,
  key: PermissionKey,
  on: boolean,
  canChange: ReadonlySet<string>,
): Set<string> => change(selected, [key], on, canChange);

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

/**
 * A row or column toggle: all of its changeable keys on, or (when all are on) all off except
 * those another selected key still needs.
 */
export const toggleGroup = (
  keys: readonly PermissionKey[],
  state: GroupState,
  selected: ReadonlySet<string>,
  canChange: ReadonlySet<string>,
): Set<string> => change(selected, keys, state !== 'all', canChange);

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
