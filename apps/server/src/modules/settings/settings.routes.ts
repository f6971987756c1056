import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  SETTINGS_MESSAGES as M,
  addIpRequestSchema,
  allowedIpDeletedSchema,
  allowedIpListSchema,
  allowedIpSchema,
  basicSettingsSchema,
  communicationSettingsQuerySchema,
  communicationSettingsSchema,
  deleteIpRequestSchema,
  envelopeSchema,
  listQuerySchema,
  policySettingsSchema,
  recordSchema,
  requestSchema,
  saveCommunicationSettingsRequestSchema,
  serviceStatusSchema,
  testCommunicationRequestSchema,
  testCommunicationResultSchema,
  updateBasicSettingsFieldsSchema,
  updatePolicySettingsRequestSchema,
} from '@safarnama/contract';
import { requireAuth } from '../../http/access.js';
import { ok, okRecord } from '../../http/envelope.js';
import { docFile, multipartDoc } from '../../http/form-fields.js';
import { formReader, multipartValidatorCompiler, registerMultipart } from '../../http/multipart.js';
import { errorResponses } from '../../http/schemas.js';
import { LOGO_FIELD, type BasicSettingsService } from './basic.service.js';
import type { CommunicationService } from './communication.service.js';
import type { IpListService } from './ip-list.service.js';
import type { PolicyService } from './policies.service.js';
import { SETTINGS_AUDIT } from './settings.audit.js';

const P = API_PATHS.setting;
const tags = ['settings'];

export interface SettingsRoutesDeps {
  ipList: IpListService;
  communication: CommunicationService;
  basic: BasicSettingsService;
  policies: PolicyService;
}

/**
 * Spec §7 "Setting" under /api/v1/admin/setting (keys settings.view / settings.update), plus the
 * public `GET /api/v1/common/service-status`.
 */
export const settingsRoutes =
  ({ ipList, communication, basic, policies }: SettingsRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // ── allowed-IP list ─────────────────────────────────────────────────────────────────────
    r.post(
      P.addIp,
      {
        config: { access: 'settings.update', audit: SETTINGS_AUDIT.addIp },
        schema: {
          tags,
          summary: 'Add an address or CIDR range to the allowed-IP list',
          description:
            'IPv4 or IPv6, single (`203.0.113.7`) or a range (`10.0.0.0/8`), stored normalised (host bits cleared). Invalid → 400, already listed → 409, and 409 naming your address when the list would then shut you out. While the list is not empty, only addresses inside it reach the admin API and the socket.',
          body: requestSchema(addIpRequestSchema),
          response: {
            201: envelopeSchema(recordSchema(allowedIpSchema)),
            ...errorResponses(400, 401, 403, 409),
          },
        },
      },
      async (request, reply) => {
        const saved = await ipList.add(request.body.data, requireAuth(request), request.ip);
        reply.code(201);
        return okRecord(saved, M.ipAdded, 201);
      },
    );

    r.get(
      P.listIps,
      {
        config: { access: 'settings.view' },
        schema: {
          tags,
          summary: 'The allowed-IP list (newest first; search over address and label)',
          description: '`currentIp` is your address as the server sees it.',
          querystring: listQuerySchema,
          response: { 200: envelopeSchema(allowedIpListSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ok(await ipList.list(request.query, request.ip), M.ips),
    );

    r.post(
      P.deleteIp,
      {
        config: { access: 'settings.update', audit: SETTINGS_AUDIT.deleteIp },
        schema: {
          tags,
          summary: 'Remove an entry of the allowed-IP list',
          description:
            'Refused (409, naming your address) when the remaining list would shut you out. Removing the last entry opens the API to every address.',
          body: requestSchema(deleteIpRequestSchema),
          response: {
            200: envelopeSchema(allowedIpDeletedSchema),
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) => ok(await ipList.remove(request.body.data.id, request.ip), M.ipDeleted),
    );

    // ── communication settings ──────────────────────────────────────────────────────────────
    r.post(
      P.saveCommunication,
      {
        config: { access: 'settings.update', audit: SETTINGS_AUDIT.saveCommunication },
        schema: {
          tags,
          summary: "Create or replace one channel's settings (email, sms, whatsapp)",
          description:
            'The secret (`password`, `authToken`, `accessToken`) is stored encrypted; send back the masked value you received to keep the stored one. Header fields with a line break → 400.',
          body: requestSchema(saveCommunicationSettingsRequestSchema),
          response: {
            200: envelopeSchema(recordSchema(communicationSettingsSchema)),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) =>
        okRecord(
          await communication.save(request.body.data, requireAuth(request)),
          M.communicationSaved,
        ),
    );

    r.get(
      P.communication,
      {
        config: { access: 'settings.view' },
        schema: {
          tags,
          summary: "One channel's settings, its secret masked",
          querystring: communicationSettingsQuerySchema,
          response: {
            200: envelopeSchema(recordSchema(communicationSettingsSchema)),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => okRecord(await communication.get(request.query.type), M.communication),
    );

    r.post(
      P.testCommunication,
      {
        config: { access: 'settings.update', audit: SETTINGS_AUDIT.testCommunication },
        schema: {
          tags,
          summary: 'Send a real test message through a saved channel',
          description:
            "`to`: an e-mail address, or a phone number in international format. 200 with `delivered` and the provider's answer whenever the provider was called (an SMTP server that cannot be reached reads as one generic line); 400 when the channel is not saved yet; 429 past 10 test sends per admin in 15 minutes.",
          body: requestSchema(testCommunicationRequestSchema),
          response: {
            200: envelopeSchema(testCommunicationResultSchema),
            ...errorResponses(400, 401, 403, 429),
          },
        },
      },
      async (request) => {
        const result = await communication.test(request.body.data, requireAuth(request).admin.id);
        return ok(result, result.delivered ? M.testSent : M.testFailed);
      },
    );

    // ── basic settings ──────────────────────────────────────────────────────────────────────
    r.get(
      P.basic,
      {
        config: { access: 'settings.view' },
        schema: {
          tags,
          summary: 'Basic settings (defaults until first saved: updatedAt null)',
          response: {
            200: envelopeSchema(recordSchema(basicSettingsSchema)),
            ...errorResponses(401, 403),
          },
        },
      },
      async () => okRecord(await basic.get(), M.basic),
    );

    await app.register(async (scope) => {
      await registerMultipart(scope);
      scope.withTypeProvider<ZodTypeProvider>().post(
        P.updateBasic,
        {
          config: { access: 'settings.update', audit: SETTINGS_AUDIT.updateBasic },
          validatorCompiler: multipartValidatorCompiler,
          schema: {
            tags,
            summary: 'Save the basic settings (multipart, with an optional logo image)',
            description:
              'All text fields of the form are sent each time. `logo` is an image (jpeg, png, gif, webp; ≤ 10 MB) that replaces the old one; `removeLogo` "true" clears it. Turning `maintenanceMode` on answers 503 to every admin without settings.update and sends `service-status {active: false}` over the socket; turning it off sends `{active: true}`.',
            consumes: ['multipart/form-data'],
            body: multipartDoc(
              updateBasicSettingsFieldsSchema,
              ['productName', 'timeZone', 'sessionIdleMinutes', 'maintenanceMode'],
              { [LOGO_FIELD]: docFile('Optional logo image') },
            ),
            response: {
              200: envelopeSchema(recordSchema(basicSettingsSchema)),
              ...errorResponses(400, 401, 403, 413, 415),
            },
          },
        },
        async (request) =>
          okRecord(
            await basic.update(requireAuth(request), formReader(request), request.log),
            M.basicSaved,
          ),
      );
    });

    // ── policy settings ─────────────────────────────────────────────────────────────────────
    r.get(
      P.policies,
      {
        config: { access: 'settings.view' },
        schema: {
          tags,
          summary: "The three policies (sanitised rich text) with each one's last update",
          response: {
            200: envelopeSchema(recordSchema(policySettingsSchema)),
            ...errorResponses(401, 403),
          },
        },
      },
      async () => okRecord(await policies.get(), M.policies),
    );

    r.post(
      P.updatePolicies,
      {
        config: { access: 'settings.update', audit: SETTINGS_AUDIT.updatePolicies },
        schema: {
          tags,
          summary: 'Save any of the policies (sanitised; only a changed text gets a new date)',
          body: requestSchema(updatePolicySettingsRequestSchema),
          response: {
            200: envelopeSchema(recordSchema(policySettingsSchema)),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) =>
        okRecord(await policies.update(request.body.data, requireAuth(request)), M.policiesSaved),
    );

    // ── service status (public) ─────────────────────────────────────────────────────────────
    r.get(
      API_PATHS.common.serviceStatus,
      {
        config: { access: 'public' },
        schema: {
          tags: ['common'],
          summary: 'Whether the back-office is open (false during maintenance), with its note',
          response: { 200: envelopeSchema(serviceStatusSchema) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await basic.serviceStatus(), M.serviceStatus);
      },
    );
  };
