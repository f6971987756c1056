import { useEffect, useId, useRef, type InputHTMLAttributes } from 'react';
import type { PermissionAction } from '@safarnama/contract';
import {
  columnState,
  keyOf,
  MATRIX_ACTIONS,
  MATRIX_ROWS,
  rowState,
  setKey,
  toggleGroup,
  type GroupState,
} from './permissionMatrix';
import { LockIcon } from './parts';

export const CEILING_NOTE =
  'You do not hold this permission yourself, so you cannot grant or withdraw it.';

const ACTION_LABELS: Record<PermissionAction, string> = {
  view: 'View',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
};

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
 * description.
 */
export const PermissionMatrix = ({
  selected,
  canChange,
  readOnly,
  onChange,
}: PermissionMatrixProps) => {
  const ceilingId = useId();
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
                  <span>{ACTION_LABELS[action]}</span>
                  {readOnly ? null : (
                    <Checkbox
                      aria-label={`${ACTION_LABELS[action]}: every module`}
                      title={`${ACTION_LABELS[action]} on every module`}
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
                  return (
                    <td key={action} className="px-2 py-2.5 text-center">
                      <span
                        className="relative inline-flex items-center"
                        title={overCeiling ? CEILING_NOTE : undefined}
                      >
                        <Checkbox
                          aria-label={`${row.label}: ${action}`}
                          aria-describedby={overCeiling ? ceilingId : undefined}
                          checked={selected.has(key)}
                          disabled={readOnly || overCeiling}
                          onChange={(event) => {
                            onChange(setKey(selected, key, event.target.checked, canChange));
                          }}
                        />
                        {overCeiling ? (
                          <span className="absolute left-full ml-1 text-slate-400 dark:text-slate-500">
                            <LockIcon />
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
    </div>
  );
};
