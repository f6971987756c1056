import { useEffect, useId, useRef, type InputHTMLAttributes } from 'react';
import { PERMISSION_KEYS, type PermissionKey } from '@safarnama/contract';
import {
  actionLabel,
  columnState,
  keyLabel,
  keyOf,
  MATRIX_ACTIONS,
  MATRIX_ROWS,
  neededBy,
  rowState,
  setKey,
  toggleGroup,
  type GroupState,
} from './permissionMatrix';
import { LockIcon } from './parts';

export const CEILING_NOTE =
  'You do not hold this permission yourself, so you cannot grant or withdraw it.';

/** 'Needed by Itineraries · Create, Travelpedia blogs · Create'. */
export const neededByNote = (keys: readonly PermissionKey[]): string =>
  `Needed by ${keys.map(keyLabel).join(', ')}`;

/** A chain link: the box is ticked because another ticked permission needs it. */
const LinkIcon = () => (
  <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-3.5">
    <path d="M12.23 3.47a3.5 3.5 0 0 1 4.95 4.95l-2.5 2.5a3.5 3.5 0 0 1-4.95 0 .75.75 0 1 1 1.06-1.06 2 2 0 0 0 2.83 0l2.5-2.5a2 2 0 0 0-2.83-2.83l-1.25 1.25a.75.75 0 0 1-1.06-1.06l1.25-1.25Zm-4.46 4.46a3.5 3.5 0 0 1 4.95 0 .75.75 0 1 1-1.06 1.06 2 2 0 0 0-2.83 0l-2.5 2.5a2 2 0 0 0 2.83 2.83l1.25-1.25a.75.75 0 0 1 1.06 1.06l-1.25 1.25a3.5 3.5 0 0 1-4.95-4.95l2.5-2.5Z" />
  </svg>
);

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  indeterminate?: boolean;
}

/** A checkbox that can also show "some" (the DOM's indeterminate state has no attribute). */
const Checkbox = ({ indeterminate = false, className = '', ...rest }: CheckboxProps) => {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={`size-4 rounded border-slate-300 accent-teal-600 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:accent-teal-400 ${className}`}
      {...rest}
    />
  );
};

interface PermissionMatrixProps {
  /** The keys the type holds (as edited so far). */
  selected: ReadonlySet<string>;
  /** The keys this editor may change; empty when the whole matrix is read-only. */
  canChange: ReadonlySet<string>;
  readOnly: boolean;
  onChange: (next: Set<string>) => void;
}

const groupProps = (state: GroupState, changeable: number) => ({
  checked: state === 'all',
  indeterminate: state === 'some',
  disabled: changeable === 0,
});

/**
 * Modules (rows, by their contract labels) × view / create / update / delete. Each row and each
 * column has its own toggle. A module without an action has no cell there; a key the editor does
 * not hold is shown (ticked if the type has it) but disabled, with the reason as its tooltip and
 * description. A key that another ticked key needs (the contract's `PERMISSION_DEPENDENCIES`) is
 * ticked and disabled while that key stays, with 'Needed by …' as its tooltip, its description and
 * a line of the list under the matrix.
 */
export const PermissionMatrix = ({
  selected,
  canChange,
  readOnly,
  onChange,
}: PermissionMatrixProps) => {
  const ceilingId = useId();
  const neededId = useId();
  const noteId = (key: string) => `${neededId}-${key}`;
  // Who needs each ticked key (not worked out when nothing can change).
  const needs = new Map(
    readOnly
      ? []
      : PERMISSION_KEYS.filter((key) => selected.has(key)).flatMap((key) => {
          const by = neededBy(selected, key);
          return by.length > 0 ? [[key, by] as const] : [];
        }),
  );
  const columns = MATRIX_ACTIONS.map((action) => ({
    action,
    ...columnState(action, selected, canChange),
  }));
  return (
    <div className="overflow-x-auto">
      <p id={ceilingId} className="sr-only">
        {CEILING_NOTE}
      </p>
      <table className="min-w-full text-sm">
        <caption className="sr-only">Permissions by module and action</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:bg-slate-900/60 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-4 py-3 text-left">
              Module
            </th>
            {columns.map(({ action, state, changeable }) => (
              <th key={action} scope="col" className="w-24 px-2 py-3 text-center">
                <span className="flex flex-col items-center gap-1.5">
                  <span>{actionLabel(action)}</span>
                  {readOnly ? null : (
                    <Checkbox
                      aria-label={`${actionLabel(action)}: every module`}
                      title={`${actionLabel(action)} on every module`}
                      {...groupProps(state, changeable.length)}
                      onChange={() => {
                        onChange(toggleGroup(changeable, state, selected, canChange));
                      }}
                    />
                  )}
                </span>
              </th>
            ))}
            {readOnly ? null : (
              <th scope="col" className="w-20 px-2 py-3 text-center">
                All
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {MATRIX_ROWS.map((row) => {
            const { state, changeable } = rowState(row, selected, canChange);
            return (
              <tr key={row.module} className="hover:bg-slate-50/70 dark:hover:bg-slate-800/30">
                <th
                  scope="row"
                  className="px-4 py-2.5 text-left font-medium text-slate-900 dark:text-white"
                >
                  {row.label}
                </th>
                {MATRIX_ACTIONS.map((action) => {
                  if (!row.actions.includes(action)) {
                    return <td key={action} className="px-2 py-2.5" />;
                  }
                  const key = keyOf(row.module, action);
                  const overCeiling = !readOnly && !canChange.has(key);
                  const by = needs.get(key);
                  const described = [overCeiling ? ceilingId : '', by ? noteId(key) : '']
                    .filter(Boolean)
                    .join(' ');
                  return (
                    <td key={action} className="px-2 py-2.5 text-center">
                      <span
                        className="relative inline-flex items-center"
                        title={overCeiling ? CEILING_NOTE : by ? neededByNote(by) : undefined}
                      >
                        <Checkbox
                          aria-label={`${row.label}: ${action}`}
                          aria-describedby={described || undefined}
                          checked={selected.has(key)}
                          disabled={readOnly || overCeiling || by !== undefined}
                          onChange={(event) => {
                            onChange(setKey(selected, key, event.target.checked, canChange));
                          }}
                        />
                        {overCeiling || by ? (
                          <span className="absolute left-full ml-1 text-slate-500 dark:text-slate-400">
                            {overCeiling ? <LockIcon /> : <LinkIcon />}
                          </span>
                        ) : null}
                      </span>
                    </td>
                  );
                })}
                {readOnly ? null : (
                  <td className="px-2 py-2.5 text-center">
                    <Checkbox
                      aria-label={`${row.label}: every action`}
                      title={`Every action of ${row.label}`}
                      {...groupProps(state, changeable.length)}
                      onChange={() => {
                        onChange(toggleGroup(changeable, state, selected, canChange));
                      }}
                    />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {needs.size > 0 ? (
        <div className="border-t border-slate-200 px-4 py-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
          <p className="flex items-center gap-1.5 font-medium text-slate-700 dark:text-slate-300">
            <LinkIcon />
            Ticked because other ticked permissions need them (untick those first):
          </p>
          <ul aria-label="Permissions needed by others" className="mt-1.5 space-y-0.5">
            {[...needs].map(([key, by]) => (
              <li key={key}>
                <span className="font-medium">{keyLabel(key)}</span>:{' '}
                <span id={noteId(key)}>{neededByNote(by)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
};
