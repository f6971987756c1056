import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import {
  API_BASE,
  API_PATHS,
  AUTH_TOKEN_KEY,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_TTL_MS,
} from '@safarnama/contract';
import { withAccess } from './access.js';
import { honoursIdempotencyKey } from './idempotency.js';
import {
  pruneUnusedSchemas,
  registerOpenApiComponents,
  shareErrorResponses,
  type OpenApiDocument,
} from './openapi-components.js';

const docs = API_PATHS.docs;

/** Leading words that already say what an operation does (else the method is prefixed). */
const VERBS = new Set([
  ...['get', 'add', 'create', 'update', 'delete', 'remove', 'toggle', 'save', 'mark'],
  ...['validate', 'verify', 'generate', 'disable', 'test', 'resend', 'forgot', 'change'],
  ...['login', 'logout'],
]);
const SECTION = new RegExp(`^(?:${API_BASE}/(?:admin/)?[^/]+|/api)/`);
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A readable operationId from the spec path and the method: the path's words after its section
 * (`/api/v1/admin/<section>/`, `/api/v1/<section>/`, `/api/`) in camelCase, the method in front
 * unless they start with a verb, `By<Param>` for path parameters — `get-all-itineraries` →
 * `getAllItineraries`, `PUT image-libraries/:id` → `putImageLibrariesById`.
 */
const operationIdOf = (method: string, url: string): string => {
  const segments = url.replace(SECTION, '').split('/');
  const words = segments.filter((s) => !s.startsWith(':')).flatMap((s) => s.split('-'));
  const params = segments.filter((s) => s.startsWith(':')).map((s) => capitalize(s.slice(1)));
  const name = words.map(capitalize).join('');
  const verb = /^[a-z]+/.exec(words[0] ?? '')?.[0] ?? '';
  const head = VERBS.has(verb)
    ? name.charAt(0).toLowerCase() + name.slice(1)
    : `${method.toLowerCase()}${name}`;
  return params.length > 0 ? `${head}By${params.join('And')}` : head;
};

const IDEMPOTENCY_PARAMETER = {
  type: 'string',
  minLength: 1,
  maxLength: IDEMPOTENCY_KEY_MAX,
  description: `Optional, 1 to ${IDEMPOTENCY_KEY_MAX} visible characters. The same key with the same body within ${IDEMPOTENCY_TTL_MS / 3_600_000} hours answers the first answer again (header \`Idempotent-Replayed: true\`) without creating anything; with another body 422; while the first is still running 409.`,
};
const IDEMPOTENCY_NAME = IDEMPOTENCY_HEADER.replace(/(^|-)\w/g, (c) => c.toUpperCase());

type JsonObject = { properties?: Record<string, unknown>; [key: string]: unknown };

/** What the document says about a route beyond its zod schemas: id, access and headers. */
const describeRoute = (route: RouteOptions, url: string, schema: FastifySchema) => {
  const method = [route.method].flat()[0] ?? 'GET';
  const access = route.config?.access;
  // A route whose path words repeat another's (…/itinerary/:id/structured-data and
  // …/blog/:id/structured-data) names its own operationId.
  const extra: Record<string, unknown> = {
    operationId: schema.operationId ?? operationIdOf(method, url),
  };
  if (access === 'public') {
    extra.security = [];
  } else if (access !== undefined) {
    const sentence =
      access === 'self'
        ? 'Needs a signed-in admin (access `self`: any role, no permission key).'
        : `Needs the \`${access}\` permission (a super admin holds every permission).`;
    extra['x-permission'] = access;
    extra.description = [schema.description, sentence].filter(Boolean).join('\n\n');
  }
  if (honoursIdempotencyKey(method, route.schema, access)) {
    const headers = (schema.headers ?? { type: 'object' }) as JsonObject;
    extra.headers = {
      ...headers,
      properties: { ...headers.properties, [IDEMPOTENCY_NAME]: IDEMPOTENCY_PARAMETER },
    };
  }
  return extra;
};

/**
 * OpenAPI generated from the routes' zod schemas, with the reference page at /api/docs and the
 * document at /api/docs/json. The page loads only same-origin files, so the global CSP holds.
 * Every operation has an operationId, its access (`security: []` when public, else
 * `x-permission`) and, on creates, the `Idempotency-Key` header; the shared contract records are
 * `components.schemas` (openapi-components.ts) referenced with `$ref`.
 */
export const registerDocs = async (app: FastifyInstance) => {
  registerOpenApiComponents();
  const zodTransform = createJsonSchemaTransform({
    skipList: [
      `${docs}/`,
      `${docs}/initOAuth`,
      `${docs}/json`,
      `${docs}/uiConfig`,
      `${docs}/yaml`,
      `${docs}/*`,
      `${docs}/static/*`,
    ],
  });
  const zodTransformObject = createJsonSchemaTransformObject({});
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
    transform: (input) => {
      const result = zodTransform(input);
      const schema = (result.schema ?? {}) as FastifySchema & { hide?: boolean };
      if (schema.hide) return result;
      return { ...result, schema: { ...schema, ...describeRoute(input.route, input.url, schema) } };
    },
    transformObject: (input) =>
      pruneUnusedSchemas(shareErrorResponses(zodTransformObject(input) as OpenApiDocument)),
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
