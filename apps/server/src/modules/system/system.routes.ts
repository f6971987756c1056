import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS, envelopeSchema } from '@safarnama/contract';
import type { DatabaseHandle } from '../../db/client.js';
import { ok } from '../../http/envelope.js';
import type { StorageFaults } from '../../http/error-handler.js';
import { MESSAGES, ServiceUnavailable } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';

/** How long /api/ready waits for `select 1` before it answers 503. */
export const READY_TIMEOUT_MS = 2000;
/** After the database failed to read or write its files, /api/ready fails this long. */
export const STORAGE_FAULT_READY_MS = 30_000;

const healthSchema = z.object({ status: z.literal('ok'), uptime: z.number() });
const readySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
});

export const systemRoutes =
  (database: DatabaseHandle, storageFaults: StorageFaults) => async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      API_PATHS.health,
      {
        config: { access: 'public' },
        schema: {
          tags: ['system'],
          summary: 'Liveness: the process answers',
          response: { 200: envelopeSchema(healthSchema) },
        },
      },
      async () => ok({ status: 'ok' as const, uptime: process.uptime() }, 'OK'),
    );

    r.get(
      API_PATHS.ready,
      {
        config: { access: 'public' },
        schema: {
          tags: ['system'],
          summary: 'Readiness: the database answers `select 1` in time',
          response: { 200: envelopeSchema(readySchema), ...errorResponses(503) },
        },
      },
      async (request) => {
        if (Date.now() - storageFaults.lastAt < STORAGE_FAULT_READY_MS) {
          throw new ServiceUnavailable(MESSAGES.storage);
        }
        try {
          await database.ping(READY_TIMEOUT_MS);
        } catch (err) {
          request.log.warn({ err }, 'readiness check failed');
          throw new ServiceUnavailable('Database is not reachable');
        }
        return ok({ status: 'ready' as const, database: database.driver }, 'Ready');
      },
    );
  };
