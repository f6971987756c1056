import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  CSV_IMPORT_FIELDS as F,
  CSV_MESSAGES as M,
  IMPORT_ENTITIES,
  csvAppliedSchema,
  csvDryRunSchema,
  envelopeSchema,
  type ImportEntity,
  type PermissionKey,
} from '@safarnama/contract';
import type { AuditRule } from '../../http/audit.js';
import { ok } from '../../http/envelope.js';
import { BadRequest, PayloadTooLarge, Unauthenticated } from '../../http/errors.js';
import { docFile } from '../../http/form-fields.js';
import {
  multipartValidatorCompiler,
  readMultipart,
  registerMultipart,
} from '../../http/multipart.js';
import { errorResponses } from '../../http/schemas.js';
import type { CsvImportService, ImportUpload, Importer } from './import.service.js';

export interface ImportRoutesDeps {
  imports: CsvImportService;
}

/** Who may import: creating the records (an update row also needs `.update`, checked per row). */
const IMPORT_ACCESS: Record<ImportEntity, PermissionKey> = {
  places: 'geography.create',
  itineraries: 'itineraries.create',
};
const ENTITY_TYPE: Record<ImportEntity, string> = { places: 'place', itineraries: 'itinerary' };

/**
 * The request's own entries: "Checked a CSV import" (the dry run: who looked at which file) and
 * "Imported … from a CSV file" (apply; each record it writes has its own create / update entry).
 */
const auditRule = (entity: ImportEntity, kind: 'check' | 'import'): AuditRule => ({
  action: kind === 'check' ? 'import-check' : 'import',
  entityType: ENTITY_TYPE[entity],
  id: () => null,
  changes: 'none',
  summary:
    kind === 'check'
      ? `Checked a CSV import of ${entity} (dry run)`
      : `Imported ${entity} from a CSV file`,
});

const formDoc = z.object({
  [F.file]: docFile(
    'The CSV file (UTF-8 with or without a BOM, or UTF-16 with a BOM; at most 10 MB)',
  ),
  [F.mapping]: z.string().optional().meta({
    description: "JSON {header: field} ('' ignores a column); absent: guessed from the headers",
  }),
  [F.importId]: z
    .string()
    .max(64)
    .optional()
    .meta({ description: 'The id the csv-import-progress events carry' }),
});

/** The file and the text fields; a file over the limit is 413 with the CSV wording. */
const readUpload = async (request: FastifyRequest): Promise<ImportUpload> => {
  let buffer: Buffer | undefined;
  let form;
  try {
    form = await readMultipart(request, {
      text: [F.mapping, F.importId],
      indexed: [],
      files: [F.file],
      onFile: async (file) => {
        buffer = file.buffer;
      },
    });
  } catch (err) {
    if (err instanceof PayloadTooLarge) throw new PayloadTooLarge(M.tooLarge);
    throw err;
  }
  if (!buffer || (form.fileCounts[F.file] ?? 0) === 0) throw new BadRequest(M.fileRequired);
  return { buffer, mapping: form.text.mapping, importId: form.text.importId?.slice(0, 64) };
};

const importerOf = (request: FastifyRequest): Importer => {
  const auth = request.auth;
  if (!auth) throw new Unauthenticated();
  return { id: auth.admin.id, permissions: auth.permissions };
};

/**
 * Issue 24: `POST /api/v1/admin/import/{entity}/dry-run` (200, what each row would do and every
 * error with its column; writes nothing) and `…/apply` (201: all or nothing in one transaction;
 * any row with an error answers 400 and nothing is written), for places and itineraries.
 */
export const importRoutes =
  ({ imports }: ImportRoutesDeps) =>
  async (app: FastifyInstance) => {
    await registerMultipart(app, { fields: 4, fieldSize: 16 * 1024 });
    const r = app.withTypeProvider<ZodTypeProvider>();
    for (const entity of IMPORT_ENTITIES) {
      r.post(
        API_PATHS.importCsv.dryRun(entity),
        {
          config: { access: IMPORT_ACCESS[entity], audit: auditRule(entity, 'check') },
          validatorCompiler: multipartValidatorCompiler,
          schema: {
            tags: ['import'],
            summary: `Checks a CSV file of ${entity}: per row create or update, and every error with its column (writes nothing)`,
            consumes: ['multipart/form-data'],
            body: formDoc,
            response: {
              200: envelopeSchema(csvDryRunSchema),
              ...errorResponses(400, 401, 403, 413, 415),
            },
          },
        },
        async (request) =>
          ok(
            await imports.dryRun(entity, await readUpload(request), importerOf(request)),
            M.checked,
          ),
      );
      r.post(
        API_PATHS.importCsv.apply(entity),
        {
          config: { access: IMPORT_ACCESS[entity], audit: auditRule(entity, 'import') },
          validatorCompiler: multipartValidatorCompiler,
          schema: {
            tags: ['import'],
            summary: `Imports a CSV file of ${entity} in one transaction: every row, or none when any has an error`,
            consumes: ['multipart/form-data'],
            body: formDoc,
            response: {
              201: envelopeSchema(csvAppliedSchema),
              ...errorResponses(400, 401, 403, 409, 413, 415),
            },
          },
        },
        async (request, reply) => {
          const applied = await imports.apply(
            entity,
            await readUpload(request),
            importerOf(request),
          );
          return reply.status(201).send(ok(applied, M.applied, 201));
        },
      );
    }
  };
