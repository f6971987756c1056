import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  MANAGE_MESSAGES as M,
  addAdminUserRequestSchema,
  adminUserByIdQuerySchema,
  adminUserDetailsSchema,
  adminUserInvitedSchema,
  adminUserListSchema,
  adminUserOneSchema,
  envelopeSchema,
  listQuerySchema,
  requestSchema,
  resendInvitationRequestSchema,
  updateAdminUserRequestSchema,
  updateStatusRequestSchema,
} from '@safarnama/contract';
import { requireAuth } from '../../http/access.js';
import { ok, okRecord } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import type { AdminService } from './admins.service.js';
import { ADMINS_AUDIT } from './admins.audit.js';

const P = API_PATHS.manage;
const tags = ['admins'];
const one = envelopeSchema(adminUserOneSchema);
const invited = envelopeSchema(adminUserInvitedSchema);

export interface AdminRoutesDeps {
  admins: AdminService;
}

/** Admin users: spec §7 under /admin/manage, plus resend-invitation. */
export const adminRoutes =
  ({ admins }: AdminRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      P.addUser,
      {
        config: { access: 'admins.create', audit: ADMINS_AUDIT.add },
        schema: {
          tags,
          summary:
            'Invite an admin (name, email, phone, userTypeId): a 72-hour set-password link goes by e-mail',
          description:
            'A failed e-mail does not lose the admin: 201 with invitationSent false and a message to use resend-invitation.',
          body: requestSchema(addAdminUserRequestSchema),
          response: { 201: invited, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const result = await admins.add(request.body.data, requireAuth(request), request.log);
        reply.code(201);
        return ok(result, result.invitationSent ? M.userCreated : M.userCreatedMailFailed, 201);
      },
    );

    r.get(
      P.listUsers,
      {
        config: { access: 'admins.view' },
        schema: {
          tags,
          summary: 'Admins, newest first; search over name, e-mail and user type',
          querystring: listQuerySchema,
          response: { 200: envelopeSchema(adminUserListSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ok(await admins.list(request.query), M.users),
    );

    r.post(
      P.updateUserStatus,
      {
        config: { access: 'admins.update', audit: ADMINS_AUDIT.status },
        schema: {
          tags,
          summary:
            'Enable or disable an admin; disabling signs them out everywhere at once (sessions and sockets)',
          body: requestSchema(updateStatusRequestSchema),
          response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        okRecord(await admins.setStatus(request.body.data, requireAuth(request)), M.userStatus),
    );

    r.post(
      P.updateUser,
      {
        config: { access: 'admins.update', audit: ADMINS_AUDIT.update },
        schema: {
          tags,
          summary: 'Edit an admin (name, email, phone, userTypeId); nobody changes their own type',
          body: requestSchema(updateAdminUserRequestSchema),
          response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        okRecord(await admins.update(request.body.data, requireAuth(request)), M.userUpdated),
    );

    r.post(
      P.resendInvitation,
      {
        config: { access: 'admins.update', audit: ADMINS_AUDIT.resendInvitation },
        schema: {
          tags,
          summary: 'A fresh 72-hour invitation link for an admin who has not set a password yet',
          body: requestSchema(resendInvitationRequestSchema),
          response: { 200: invited, ...errorResponses(400, 401, 403, 404, 409, 503) },
        },
      },
      async (request) =>
        ok(
          await admins.resendInvitation(request.body.data, requireAuth(request), request.log),
          M.invitationSent,
        ),
    );

    r.get(
      P.userById,
      {
        config: { access: 'admins.view' },
        schema: {
          tags,
          summary: 'One admin with their login activity and their actions, each paged',
          querystring: adminUserByIdQuerySchema,
          response: {
            200: envelopeSchema(adminUserDetailsSchema),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) =>
        ok(await admins.details(request.query, requireAuth(request)), M.adminDetails),
    );
  };
