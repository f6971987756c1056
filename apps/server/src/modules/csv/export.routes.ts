import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  EXPORT_ACCESS,
  EXPORT_ENTITIES,
  exportFileName,
  type ExportEntity,
} from '@safarnama/contract';
import type { Executor } from '../../db/client.js';
import { errorResponses } from '../../http/schemas.js';
import { BOM, csvLine } from './csv-writer.js';
import { EXPORT_SOURCES } from './export.sources.js';

export interface ExportRoutesDeps {
  db: Executor;
  now?: () => Date;
}

/** What one export wrote (the log line at its end). */
interface Written {
  rows: number;
  bytes: number;
}

/**
 * The file as a stream of text chunks: the BOM and the header, then one chunk per batch. The
 * generator runs only as the socket drains (Readable.from pulls on demand), so a slow client holds
 * one batch, not the table; a client that goes away ends it (its `return` stops the queries).
 */
async function* csvChunks(
  db: Executor,
  entity: ExportEntity,
  query: Record<string, unknown>,
  written: Written,
): AsyncGenerator<string> {
  const source = EXPORT_SOURCES[entity];
  const head = BOM + csvLine(source.header);
  written.bytes += Buffer.byteLength(head);
  yield head;
  for await (const batch of source.rows(db, query)) {
    let chunk = '';
    for (const cells of batch) chunk += csvLine(cells);
    written.rows += batch.length;
    written.bytes += Buffer.byteLength(chunk);
    yield chunk;
  }
}

/**
 * Issue 24: `GET /api/v1/admin/export/{entity}.csv` for every list, one route each (its own
 * query schema: the list's without page and limit; its own view permission). Reads are not
 * audited anywhere in this back-office (the audit log records changes, DESIGN §4), and an export
 * is the list it repeats; each one is logged at info (who, what, how many rows and bytes).
 */
export const exportRoutes =
  ({ db, now = () => new Date() }: ExportRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    for (const entity of EXPORT_ENTITIES) {
      const source = EXPORT_SOURCES[entity];
      r.get(
        API_PATHS.exportCsv(entity),
        {
          config: { access: EXPORT_ACCESS[entity] },
          schema: {
            tags: ['export'],
            summary: `The ${entity.replace(/-/g, ' ')} list as CSV (its search and filters, newest first, every row): UTF-8 with a BOM, streamed`,
            querystring: source.query,
            produces: ['text/csv'],
            response: {
              200: z.string().meta({ description: 'The CSV file (text/csv; charset=utf-8)' }),
              ...errorResponses(400, 401, 403),
            },
          },
        },
        async (request, reply) => {
          const query = request.query as Record<string, unknown>;
          const written: Written = { rows: 0, bytes: 0 };
          const stream = Readable.from(csvChunks(db, entity, query, written), {
            objectMode: false,
            highWaterMark: 64 * 1024,
          });
          const started = Date.now();
          stream.on('end', () => {
            request.log.info(
              {
                export: entity,
                adminId: request.auth?.admin.id,
                ...written,
                ms: Date.now() - started,
              },
              'csv export',
            );
          });
          stream.on('error', (err) => {
            request.log.error({ err, export: entity, ...written }, 'csv export failed mid-stream');
          });
          return reply
            .type('text/csv; charset=utf-8')
            .header(
              'content-disposition',
              `attachment; filename="${exportFileName(entity, now())}"`,
            )
            .header('cache-control', 'no-store')
            .send(stream as unknown as string);
        },
      );
    }
  };
