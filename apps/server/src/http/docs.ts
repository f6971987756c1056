import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PATHS, AUTH_TOKEN_KEY } from '@safarnama/contract';
import { withAccess } from './access.js';

const docs = API_PATHS.docs;

/**
 * OpenAPI generated from the routes' zod schemas, with the reference page at /api/docs and the
 * document at /api/docs/json. The page loads only same-origin files, so the global CSP holds.
 */
export const registerDocs = async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Safarnama back-office API',
        version: '0.1.0',
        description:
          'Every answer is `{status, success, message, data}`; failures are `{status, success: false, message, code, details?}`. Request bodies are wrapped under `data`.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: AUTH_TOKEN_KEY },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: createJsonSchemaTransform({
      skipList: [
        `${docs}/`,
        `${docs}/initOAuth`,
        `${docs}/json`,
        `${docs}/uiConfig`,
        `${docs}/yaml`,
        `${docs}/*`,
        `${docs}/static/*`,
      ],
    }),
  });
  await app.register(
    withAccess('public', async (scope) => {
      await scope.register(fastifySwaggerUi, {
        routePrefix: docs,
        uiConfig: { deepLinking: true, docExpansion: 'list' },
      });
    }),
  );
};
