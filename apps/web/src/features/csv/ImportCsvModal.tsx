import { useEffect, useId, useMemo, useState } from 'react';
import {
  CSV_LIMITS,
  CSV_MESSAGES,
  CSV_TEXTS,
  IMPORT_FIELDS,
  SOCKET_EVENTS,
  guessMapping,
  readHeaderLine,
  type CsvApplied,
  type CsvDryRun,
  type CsvImportProgressEvent,
  type CsvMapping,
  type ImportEntity,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { getErrorMessage } from '../../lib/errors';
import { currentSocket } from '../../lib/socket';
import { useApplyCsvImportMutation, useCheckCsvImportMutation } from './csv.api';

/** How many checked rows the table lists (the counts cover them all; rows with errors first). */
const SHOWN_ROWS = 200;

interface ImportCsvModalProps {
  entity: ImportEntity;
  onClose: () => void;
}

/** The progress events of this import (its id), from the layout's socket. */
const useImportProgress = (importId: string) => {
  const [progress, setProgress] = useState<CsvImportProgressEvent | null>(null);
  useEffect(() => {
    const socket = currentSocket();
    if (!socket) return undefined;
    const handle = (event: CsvImportProgressEvent) => {
      if (event.importId === importId) setProgress(event);
    };
    socket.on(SOCKET_EVENTS.csvImportProgress, handle);
    return () => {
      socket.off(SOCKET_EVENTS.csvImportProgress, handle);
    };
  }, [importId]);
  return [progress, setProgress] as const;
};

/**
 * Issue 24: pick a CSV file → the columns mapped (guessed from its header row, each adjustable) →
 * the dry run (per row create or update, every error with its column) → Apply (one transaction on
 * the server; a progress bar fed by the socket's `csv-import-progress`) → the summary.
 */
export const ImportCsvModal = ({ entity, onClose }: ImportCsvModalProps) => {
  const fields = IMPORT_FIELDS[entity];
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<CsvMapping>({});
  const [result, setResult] = useState<CsvDryRun | null>(null);
  const [applied, setApplied] = useState<CsvApplied | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One id per checked file and mapping: the progress events' and the apply's Idempotency-Key.
  const [importId, setImportId] = useState(() => crypto.randomUUID());
  const [progress, setProgress] = useImportProgress(importId);
  const [check, checking] = useCheckCsvImportMutation();
  const [apply, applying] = useApplyCsvImportMutation();

  const pick = async (picked: File | undefined) => {
    setResult(null);
    setApplied(null);
    setError(null);
    if (!picked) return;
    if (picked.size > CSV_LIMITS.maxBytes) {
      setFile(null);
      setError(CSV_MESSAGES.tooLarge);
      return;
    }
    setFile(picked);
    const head = readHeaderLine(await picked.slice(0, 64 * 1024).text());
    setHeaders(head);
    setMapping(guessMapping(entity, head));
  };

  const runCheck = async () => {
    if (!file) return;
    const id = crypto.randomUUID();
    setImportId(id);
    setError(null);
    setResult(null);
    try {
      setResult(await check({ entity, file, mapping, importId: id }).unwrap());
    } catch (err) {
      setError(getErrorMessage(err, CSV_TEXTS.check));
    }
  };

  const runApply = async () => {
    if (!file) return;
    setError(null);
    setProgress({ importId, phase: 'checking', done: 0, total: result?.total ?? 0 });
    try {
      setApplied(
        await apply({ entity, file, mapping, importId, idempotencyKey: importId }).unwrap(),
      );
    } catch (err) {
      setError(getErrorMessage(err, CSV_TEXTS.apply));
    }
  };

  const rows = useMemo(() => {
    if (!result) return [];
    const bad = result.rows.filter((r) => r.errors.length > 0);
    const good = result.rows.filter((r) => r.errors.length === 0);
    return [...bad, ...good].slice(0, SHOWN_ROWS);
  }, [result]);

  const busy = checking.isLoading || applying.isLoading;
  const writing = applying.isLoading && progress;

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !applying.isLoading) onClose();
      }}
      title={CSV_TEXTS.title(entity)}
      size="max-w-4xl"
    >
      <div className="space-y-5">
        {applied ? (
          <div role="status" className="space-y-4">
            <p className="text-base font-medium text-slate-900 dark:text-slate-100">
              {CSV_MESSAGES.applied}: {CSV_TEXTS.summary(applied.created, applied.updated)}
            </p>
            <Button onClick={onClose}>{CSV_TEXTS.close}</Button>
          </div>
        ) : (
          <>
            <div>
              <label
                htmlFor={inputId}
                className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300"
              >
                {CSV_TEXTS.pick}
              </label>
              <input
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                disabled={busy}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-100"
                onChange={(event) => void pick(event.target.files?.[0])}
              />
            </div>

            {headers.length > 0 ? (
              <fieldset className="space-y-2">
                <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">
                  {CSV_TEXTS.mapping}
                </legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {headers.map((header, index) => (
                    <label
                      key={`${header}-${String(index)}`}
                      className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-700"
                    >
                      <span className="truncate text-slate-700 dark:text-slate-300">{header}</span>
                      <select
                        aria-label={`Field for column ${header}`}
                        value={mapping[header] ?? ''}
                        disabled={busy}
                        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
                        onChange={(event) => {
                          setMapping({ ...mapping, [header]: event.target.value });
                          setResult(null);
                        }}
                      >
                        <option value="">{CSV_TEXTS.ignore}</option>
                        {fields.map((f) => (
                          <option key={f.field} value={f.field}>
                            {f.label}
                            {f.required ? ' *' : ''}
                          </option>
                        ))}
                      </select>
                    </label>
                  ))}
                </div>
                <Button
                  loading={checking.isLoading}
                  disabled={busy}
                  onClick={() => void runCheck()}
                >
                  {checking.isLoading ? CSV_TEXTS.checking : CSV_TEXTS.check}
                </Button>
              </fieldset>
            ) : null}

            {error ? (
              <p
                role="alert"
                className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
              >
                {error}
              </p>
            ) : null}

            {result ? (
              <section aria-label="Dry run" className="space-y-3">
                <p className="text-sm font-medium text-slate-900 dark:text-slate-100">
                  {CSV_TEXTS.counts(result.creates, result.updates, result.invalid)}
                </p>
                <div className="max-h-80 overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
                  <table className="w-full text-left text-sm">
                    <thead className="sticky top-0 bg-slate-50 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                      <tr>
                        <th className="px-3 py-2">Line</th>
                        <th className="px-3 py-2">Row</th>
                        <th className="px-3 py-2">Result</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((row) => (
                        <tr
                          key={row.line}
                          className="border-t border-slate-100 align-top dark:border-slate-800"
                        >
                          <td className="px-3 py-2 text-slate-500 dark:text-slate-400">
                            {row.line}
                          </td>
                          <td className="px-3 py-2 text-slate-900 dark:text-slate-100">
                            {row.label}
                          </td>
                          <td className="px-3 py-2">
                            {row.errors.length > 0 ? (
                              <ul className="space-y-0.5 text-red-700 dark:text-red-300">
                                {row.errors.map((e, i) => (
                                  <li key={`${e.field}-${String(i)}`}>
                                    <strong>{e.column}</strong>: {e.message}
                                  </li>
                                ))}
                              </ul>
                            ) : (
                              <span
                                className={
                                  row.action === 'create'
                                    ? 'text-teal-700 dark:text-teal-300'
                                    : 'text-sky-700 dark:text-sky-300'
                                }
                              >
                                {row.action === 'create' ? 'Create' : 'Update'}
                              </span>
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                {result.rows.length > rows.length ? (
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {`Showing ${String(rows.length)} of ${String(result.rows.length)} rows.`}
                  </p>
                ) : null}
                {writing ? (
                  <div className="space-y-1">
                    <ProgressBar
                      value={
                        progress.total > 0 && progress.phase === 'writing'
                          ? progress.done / progress.total
                          : null
                      }
                      label={CSV_TEXTS.applying}
                    />
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {progress.phase === 'writing'
                        ? `${CSV_TEXTS.applying} ${String(progress.done)} / ${String(progress.total)}`
                        : CSV_TEXTS.checking}
                    </p>
                  </div>
                ) : null}
                <Button
                  loading={applying.isLoading}
                  disabled={busy || result.invalid > 0 || result.total === 0}
                  onClick={() => void runApply()}
                >
                  {applying.isLoading ? CSV_TEXTS.applying : CSV_TEXTS.apply}
                </Button>
              </section>
            ) : null}
          </>
        )}
      </div>
    </Modal>
  );
};
