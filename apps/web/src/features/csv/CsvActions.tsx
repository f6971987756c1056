import { Suspense, lazy, useState } from 'react';
import {
  CSV_TEXTS,
  IMPORT_ENTITIES,
  type ExportEntity,
  type ImportEntity,
} from '@safarnama/contract';
import { loadWithTimeout } from '../../app/lazy';
import { Button } from '../../components/ui/Button';
import { getErrorMessage, getErrorStatus } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { saveObjectUrl } from '../itineraries/DownloadPdfButton';
import { useExportCsvMutation } from './csv.api';

const ImportCsvModal = lazy(() =>
  loadWithTimeout(() => import('./ImportCsvModal')).then((module) => ({
    default: module.ImportCsvModal,
  })),
);

interface CsvActionsProps {
  entity: ExportEntity;
  /** The list's current filter (search and its own filters). */
  params: Record<string, string | boolean | undefined>;
  /** Shows 'Import CSV' (itineraries and places, for an admin who may create them). */
  canImport?: boolean;
}

const isImportEntity = (entity: string): entity is ImportEntity =>
  (IMPORT_ENTITIES as readonly string[]).includes(entity);

/**
 * Issue 24: a list page's CSV toolbar element. 'Export CSV' downloads the list as its filter shows
 * it (every page); 'Import CSV' opens the import flow, loaded on first use.
 */
export const CsvActions = ({ entity, params, canImport = false }: CsvActionsProps) => {
  const [download, { isLoading }] = useExportCsvMutation();
  const [importing, setImporting] = useState(false);

  const handleExport = async () => {
    try {
      const { url, fileName } = await download({ entity, params }).unwrap();
      saveObjectUrl(url, fileName);
    } catch (error) {
      if (getErrorStatus(error) === 401) return;
      showToast('error', getErrorMessage(error, CSV_TEXTS.exportFailed));
    }
  };

  return (
    <div className="flex shrink-0 gap-2">
      <Button variant="secondary" loading={isLoading} onClick={() => void handleExport()}>
        {isLoading ? CSV_TEXTS.exporting : CSV_TEXTS.export}
      </Button>
      {canImport && isImportEntity(entity) ? (
        <Button
          variant="secondary"
          onClick={() => {
            setImporting(true);
          }}
        >
          {CSV_TEXTS.import}
        </Button>
      ) : null}
      {importing && isImportEntity(entity) ? (
        <Suspense fallback={null}>
          <ImportCsvModal
            entity={entity}
            onClose={() => {
              setImporting(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
};
