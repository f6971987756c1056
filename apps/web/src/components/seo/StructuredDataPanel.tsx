import { useId, useState } from 'react';
import { SEO_PREVIEW_TEXTS as T } from '@safarnama/contract';
import { Button } from '../ui/Button';
import { getErrorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useGetStructuredDataQuery } from './structuredData.api';

/**
 * 'View structured data' (issue 23): the saved record's JSON-LD as the public website would embed
 * it, fetched when opened, with 'Copy JSON-LD' (as a `<script type="application/ld+json">`'s
 * content). It shows what is saved, not what the form holds.
 */
export const StructuredDataPanel = ({ url }: { url: string }) => {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { data, error, isFetching } = useGetStructuredDataQuery(url, {
    skip: !open,
    refetchOnMountOrArgChange: true,
  });
  const json = data === undefined ? '' : JSON.stringify(data, null, 2);
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      showToast('success', T.copied);
    } catch {
      showToast('error', T.copyFailed);
    }
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            setOpen((was) => !was);
          }}
        >
          {T.viewStructuredData}
        </Button>
        {open && json ? (
          <Button variant="secondary" size="sm" onClick={() => void handleCopy()}>
            {T.copy}
          </Button>
        ) : null}
      </div>
      {open ? (
        <section id={panelId} aria-label={T.structuredDataTitle} aria-busy={isFetching}>
          {error ? (
            <p className="text-sm text-red-600 dark:text-red-400">
              {getErrorMessage(error, T.loadFailed)}
            </p>
          ) : json ? (
            <pre className="max-h-80 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 text-xs text-slate-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200">
              {json}
            </pre>
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">{T.loading}</p>
          )}
        </section>
      ) : null}
    </div>
  );
};
