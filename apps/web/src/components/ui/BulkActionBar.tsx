import { useState } from 'react';
import {
  BULK_TEXTS as T,
  bulkResultText,
  type BulkAction,
  type BulkEntity,
} from '@safarnama/contract';
import { useBulkActionMutation } from '../../lib/bulk.api';
import { toastError } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import type { RowSelection } from '../../lib/useRowSelection';
import { Button } from './Button';
import { LazyConfirmDialog } from './LazyConfirmDialog';
import type { Column } from './ListPageShell';

const CHECKBOX =
  'size-4 cursor-pointer rounded border-slate-300 accent-teal-700 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:border-slate-600 dark:accent-teal-400';

/** The header checkbox: every row of the page; indeterminate while only some are selected. */
export const SelectPageCheckbox = ({ selection }: { selection: RowSelection }) => (
  <input
    type="checkbox"
    className={CHECKBOX}
    aria-label={T.selectPage}
    ref={(element) => {
      if (element) element.indeterminate = selection.someSelected;
    }}
    checked={selection.allSelected}
    onChange={() => {
      selection.togglePage();
    }}
  />
);

/** A row's checkbox ('Select <name>'); with Shift held, every row from the last one clicked. */
export const SelectRowCheckbox = ({
  selection,
  id,
  name,
}: {
  selection: RowSelection;
  id: string;
  name: string;
}) => (
  <input
    type="checkbox"
    className={CHECKBOX}
    aria-label={T.selectRow(name)}
    checked={selection.isSelected(id)}
    onChange={(event) => {
      // A checkbox's change event is its click: the click says whether Shift was held.
      selection.toggle(id, (event.nativeEvent as MouseEvent).shiftKey);
    }}
  />
);

/** A row's first cell: its checkbox (none when the page offers no selection). */
export const SelectRowCell = (props: { selection: RowSelection; id: string; name: string }) =>
  props.selection.enabled ? (
    <td className="w-10 px-3 py-3">
      <SelectRowCheckbox {...props} />
    </td>
  ) : null;

/** The first column of a list with bulk actions (`false`: the admin may do none of them). */
export const selectionColumn = (selection: RowSelection): Column =>
  selection.enabled
    ? {
        label: T.selectPage,
        className: 'w-10',
        content: <SelectPageCheckbox selection={selection} />,
      }
    : false;

interface BulkActionBarProps {
  selection: RowSelection;
  entity: BulkEntity;
  /** What the admin may do: `update` shows Activate / Deactivate, `delete` shows Delete. */
  can: { update: boolean; delete: boolean };
  /** A row's name, for the result line ('1 in use: Goa'). */
  nameOf: (id: string) => string | undefined;
}

/**
 * Issue 24: the bar over a list's table while rows are selected: 'N selected', Activate,
 * Deactivate and Delete (asks first, with the count) as the admin may, and 'Clear selection'.
 * After a call it says what happened ('2 done, 1 in use: Goa') in the bar and a toast; the rows
 * it could not do stay selected.
 */
export const BulkActionBar = ({ selection, entity, can, nameOf }: BulkActionBarProps) => {
  const [run, { isLoading }] = useBulkActionMutation();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ text: string; partial: boolean } | null>(null);
  if (!selection.enabled || (selection.count === 0 && !result)) return null;

  const start = async (action: BulkAction) => {
    setConfirming(false);
    const ids = [...selection.selected];
    const names = new Map(ids.map((id) => [id, nameOf(id)]));
    try {
      const outcome = await run({ entity, action, ids }).unwrap();
      const text = bulkResultText(outcome, (id) => names.get(id));
      const partial = outcome.summary.done < outcome.results.length;
      setResult({ text, partial });
      selection.select(outcome.results.filter((r) => r.status !== 'done').map((r) => r._id));
      showToast(partial ? 'warning' : 'success', text);
    } catch (error) {
      toastError(error, T.failed);
    }
  };
  const busy = isLoading || selection.count === 0;

  return (
    <div
      role="region"
      aria-label={T.barLabel}
      className="sticky left-0 flex flex-wrap items-center gap-2 border-b border-teal-200 bg-teal-50 px-3 py-2 text-sm dark:border-teal-900/60 dark:bg-teal-950/40"
    >
      {selection.count > 0 ? (
        <>
          <span className="font-medium text-slate-900 dark:text-white">
            {T.selected(selection.count)}
          </span>
          {can.update ? (
            <>
              <Button
                size="sm"
                variant="secondary"
                disabled={busy}
                onClick={() => void start('activate')}
              >
                {T.actions.activate}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={busy}
                onClick={() => void start('deactivate')}
              >
                {T.actions.deactivate}
              </Button>
            </>
          ) : null}
          {can.delete ? (
            <Button
              size="sm"
              variant="danger"
              disabled={busy}
              onClick={() => {
                setConfirming(true);
              }}
            >
              {T.actions.delete}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" disabled={isLoading} onClick={selection.clear}>
            {T.clear}
          </Button>
        </>
      ) : null}
      <p
        role="status"
        className={`ml-auto ${result?.partial ? 'text-amber-800 dark:text-amber-300' : 'text-slate-700 dark:text-slate-300'}`}
      >
        {result?.text}
      </p>
      {result && selection.count === 0 ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setResult(null);
          }}
        >
          Dismiss
        </Button>
      ) : null}
      <LazyConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={T.confirmTitle(selection.count)}
        message={T.confirmMessage(selection.count)}
        confirmLabel={T.confirm}
        onConfirm={() => void start('delete')}
      />
    </div>
  );
};
