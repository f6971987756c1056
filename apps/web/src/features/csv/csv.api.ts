import {
  API_PATHS,
  CSV_IMPORT_FIELDS as F,
  type CsvApplied,
  type CsvDryRun,
  type CsvMapping,
  type ExportEntity,
  type ImportEntity,
} from '@safarnama/contract';
import { dataOf, injectEndpoints, mutation, type ApiArgs } from '../../app/api';

/** A downloaded export: an object URL of its bytes and the server's file name. */
export interface PreparedCsv {
  url: string;
  fileName: string;
}

export interface ExportArgs {
  entity: ExportEntity;
  /** The list's current filter (search and its own filters; no page or limit). */
  params: Record<string, string | boolean | undefined>;
}

export interface ImportArgs {
  entity: ImportEntity;
  file: File;
  mapping: CsvMapping;
  importId: string;
  /** The apply's Idempotency-Key (one per checked file and mapping). */
  idempotencyKey?: string;
}

const fileNameOf = (disposition: string | null): string | undefined =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1];

/**
 * `GET export/{entity}.csv` through the app's one base query (the Bearer token is a header, so a
 * plain link cannot carry it): the answer is read as a blob and saved under the server's name. The
 * file is in the browser's memory once (a 100k-row export is about 30 MB); the server streams it.
 */
export const exportRequest = ({ entity, params }: ExportArgs): ApiArgs => ({
  url: API_PATHS.exportCsv(entity),
  params: Object.fromEntries(
    Object.entries(params).filter(
      ([, value]) => value !== undefined && value !== '' && value !== false,
    ),
  ),
  responseHandler: async (response: Response) => {
    if (!response.ok) {
      const type = response.headers.get('content-type') ?? '';
      return type.includes('json') ? response.json() : response.text();
    }
    const prepared: PreparedCsv = {
      url: URL.createObjectURL(await response.blob()),
      fileName: fileNameOf(response.headers.get('content-disposition')) ?? `${entity}.csv`,
    };
    return prepared;
  },
});

const importForm = ({ file, mapping, importId }: ImportArgs): FormData => {
  const form = new FormData();
  form.append(F.mapping, JSON.stringify(mapping));
  form.append(F.importId, importId);
  form.append(F.file, file);
  return form;
};

export const csvApi = injectEndpoints({
  exportCsv: mutation(exportRequest, (prepared: PreparedCsv) => prepared),
  checkCsvImport: mutation(
    (args: ImportArgs): ApiArgs => ({
      url: API_PATHS.importCsv.dryRun(args.entity),
      method: 'POST',
      body: importForm(args),
    }),
    dataOf<CsvDryRun>,
  ),
  applyCsvImport: mutation(
    (args: ImportArgs): ApiArgs => ({
      url: API_PATHS.importCsv.apply(args.entity),
      method: 'POST',
      body: importForm(args),
      idempotencyKey: args.idempotencyKey,
    }),
    dataOf<CsvApplied>,
    (_arg) => [_arg.entity === 'places' ? 'Place' : 'Itinerary'],
  ),
});

export const { useExportCsvMutation, useCheckCsvImportMutation, useApplyCsvImportMutation } =
  csvApi;
