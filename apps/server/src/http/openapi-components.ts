import { z } from 'zod';
import {
  adminActivitySchema,
  adminUserSchema,
  allowedIpSchema,
  basicSettingsSchema,
  blogSchema,
  communicationSettingsSchema,
  countrySchema,
  csvAppliedSchema,
  csvDryRunSchema,
  dashboardSchema,
  deletedRecordSchema,
  dependantsErrorSchema,
  errorCodeSchema,
  errorEnvelopeSchema,
  fieldErrorSchema,
  homepageLineupInputSchema,
  homepageLineupSchema,
  homepageSettingsSchema,
  imageLibrarySchema,
  imageSchema,
  imageVariantSchema,
  itinerarySchema,
  loginActivitySchema,
  mediaUsageSchema,
  namedRefSchema,
  notificationSchema,
  organizationLdSchema,
  imageObjectLdSchema,
  placeLdSchema,
  paginationSchema,
  placeDetailsSchema,
  placeSchema,
  policySettingsSchema,
  profileSchema,
  scheduledNotificationSchema,
  shareLinkSchema,
  stateSchema,
  userTypeSchema,
} from '@safarnama/contract';

/**
 * The contract schemas the OpenAPI document shares as `components.schemas`, by component name.
 * Wherever a route's schema contains one of these (the same zod instance), the document has a
 * `$ref` instead of an inlined copy. Names are output shapes; fastify-type-provider-zod names the
 * input variant `<Name>Input`, so no name here may end in `Input`.
 */
const COMPONENTS = {
  ErrorEnvelope: errorEnvelopeSchema,
  ErrorCode: errorCodeSchema,
  FieldError: fieldErrorSchema,
  /** A refused delete (409): the envelope with `data.dependants` (issue 20). */
  DependantsError: dependantsErrorSchema,
  DeletedRecord: deletedRecordSchema,
  /** Issue 24: where an image or library is used (the usage answers and an in-use 409). */
  MediaUsage: mediaUsageSchema,
  Pagination: paginationSchema,
  Image: imageSchema,
  ImageVariant: imageVariantSchema,
  NamedRef: namedRefSchema,
  ImageLibrary: imageLibrarySchema,
  Country: countrySchema,
  State: stateSchema,
  Place: placeSchema,
  PlaceDetails: placeDetailsSchema,
  Blog: blogSchema,
  Itinerary: itinerarySchema,
  HomepageSettings: homepageSettingsSchema,
  /** Issue 21: a scheduled homepage lineup, answered by its four routes and sent by two. */
  HomepageLineup: homepageLineupSchema,
  HomepageLineupChange: homepageLineupInputSchema,
  Dashboard: dashboardSchema,
  /** Issue 24: a CSV import's dry run (two entities) and its applied summary. */
  CsvDryRun: csvDryRunSchema,
  CsvApplied: csvAppliedSchema,
  UserType: userTypeSchema,
  AdminUser: adminUserSchema,
  AdminActivity: adminActivitySchema,
  ScheduledNotification: scheduledNotificationSchema,
  Notification: notificationSchema,
  LoginActivity: loginActivitySchema,
  Profile: profileSchema,
  AllowedIp: allowedIpSchema,
  CommunicationSettings: communicationSettingsSchema,
  BasicSettings: basicSettingsSchema,
  PolicySettings: policySettingsSchema,
  /** Issue 22: an itinerary's share link (the list and the revoke answer). */
  ShareLink: shareLinkSchema,
  /** Issue 23: the JSON-LD nodes the two structured-data answers share. */
  OrganizationLd: organizationLdSchema,
  ImageObjectLd: imageObjectLdSchema,
  PlaceLd: placeLdSchema,
} satisfies Record<string, z.ZodType>;

/**
 * Gives each shared schema its id in zod's global registry, which fastify-type-provider-zod reads
 * (the global one, so the `.meta({ description })` the routes give their fields stays in the
 * document). An id is metadata only: parsing and serialization do not change. Idempotent.
 */
export const registerOpenApiComponents = (): void => {
  for (const [id, schema] of Object.entries(COMPONENTS)) {
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  }
};

export interface OpenApiDocument {
  paths?: Record<string, Record<string, { responses?: Record<string, unknown> } | undefined>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
}

const ERROR_RESPONSE = 'Error';
const errorBody = {
  'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } },
};
const isErrorResponse = (response: unknown): boolean =>
  JSON.stringify((response as { content?: unknown } | undefined)?.content) ===
  JSON.stringify(errorBody);

/**
 * Every documented failure answers the same error envelope: one `components.responses.Error`,
 * which each operation's 4xx/5xx answers refer to, instead of the same response object 330 times.
 */
export const shareErrorResponses = <D extends OpenApiDocument>(document: D): D => {
  let shared = false;
  for (const operations of Object.values(document.paths ?? {})) {
    for (const responses of Object.values(operations).map((o) => o?.responses ?? {})) {
      for (const [status, response] of Object.entries(responses)) {
        if (!isErrorResponse(response)) continue;
        responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSE}` };
        shared = true;
      }
    }
  }
  if (!shared) return document;
  const error = {
    description: 'A failure: `{status, success: false, message, code, details?}`.',
    content: errorBody,
  };
  const responses = { ...document.components?.responses, [ERROR_RESPONSE]: error };
  return { ...document, components: { ...document.components, responses } };
};

const refsIn = (value: unknown, found: Set<string>): Set<string> => {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.add(child);
      else refsIn(child, found);
    }
  }
  return found;
};

const PREFIX = '#/components/schemas/';

/**
 * Drops the component schemas nothing refers to (fastify-type-provider-zod emits an input and an
 * output variant of every registered schema; most records are only ever answered).
 */
export const pruneUnusedSchemas = <D extends OpenApiDocument>(document: D): D => {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const { schemas: _all, ...otherComponents } = document.components ?? {};
  const used = new Set<string>();
  let pending = [...refsIn({ ...document, components: otherComponents }, new Set())];
  while (pending.length > 0) {
    const next = new Set<string>();
    for (const ref of pending) {
      const id = ref.startsWith(PREFIX) ? ref.slice(PREFIX.length) : undefined;
      if (id === undefined || used.has(id) || !(id in schemas)) continue;
      used.add(id);
      refsIn(schemas[id], next);
    }
    pending = [...next];
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([id]) => used.has(id)));
  return { ...document, components: { ...document.components, schemas: kept } };
};
