import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  MANAGE_MESSAGES as M,
  addUserTypeRequestSchema,
  allUserTypePermissionsSchema,
  envelopeSchema,
  listQuerySchema,
  recordSchema,
  requestSchema,
  saveUserTypePermissionsRequestSchema,
  updateStatusRequestSchema,
  updateUserTypeRequestSchema,
  userTypeListSchema,
  userTypeOneSchema,
  userTypeOptionsSchema,
  userTypePermissionsQuerySchema,
  userTypePermissionsSchema,
} from '@safarnama/contract';
import { requireAuth } from '../../http/access.js';
import { ok, okRecord } from '../../http/envelope.js';
import { errorResponses } from '../../http/schemas.js';
import type { RoleService } from './roles.service.js';
import { ROLES_AUDIT } from './roles.audit.js';

const P = API_PATHS.manage;
const tags = ['roles'];
const one = envelopeSchema(userTypeOneSchema);

export interface RoleRoutesDeps {
  roles: RoleService;
}

/** User types and their permissions: spec §7 under /admin/manage, plus auth's getUserTypePermissions. */
export const roleRoutes =
  ({ roles }: RoleRoutesDeps) =>
  async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      P.addUserType,
      {
        config: { access: 'roles.create', audit: ROLES_AUDIT.add },
        schema: {
          tags,
          summary: 'Create a user type (no permissions yet; saveUserTypePermissions gives them)',
          body: requestSchema(addUserTypeRequestSchema),
          response: { 201: one, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const saved = await roles.add(request.body.data);
        reply.code(201);
        return okRecord(saved, M.userTypeCreated, 201);
      },
    );

    r.get(
      P.listUserTypes,
      {
        config: { access: 'roles.view' },
        schema: {
          tags,
          summary: 'User types with their admin counts; search over name and description',
          querystring: listQuerySchema,
          response: { 200: envelopeSchema(userTypeListSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ok(await roles.list(request.query), M.userTypes),
    );

    r.get(
      P.userTypeOptions,
      {
        // Both the permission editor (roles.*) and the admin invite/edit forms (admins.*) need
        // this select; active role names are not sensitive, so any signed-in admin may read it.
        config: { access: 'self' },
        schema: {
          tags,
          summary: 'Active user types by name, for selects',
          response: { 200: envelopeSchema(userTypeOptionsSchema), ...errorResponses(401, 403) },
        },
      },
      async () => ok(await roles.options(), M.userTypes),
    );

    r.post(
      P.updateUserType,
      {
        config: { access: 'roles.update', audit: ROLES_AUDIT.update },
        schema: {
          tags,
          summary: 'Rename and describe a user type (not the Super Admin)',
          body: requestSchema(updateUserTypeRequestSchema),
          response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => okRecord(await roles.update(request.body.data), M.userTypeUpdated),
    );

    r.post(
      P.updateUserTypeStatus,
      {
        config: { access: 'roles.update', audit: ROLES_AUDIT.status },
        schema: {
          tags,
          summary:
            'Enable or disable a user type; a type some admin holds cannot be disabled (409)',
          body: requestSchema(updateStatusRequestSchema),
          response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => okRecord(await roles.setStatus(request.body.data), M.userTypeStatus),
    );

    r.get(
      API_PATHS.auth.userTypePermissions,
      {
        config: { access: 'roles.view' },
        schema: {
          tags,
          summary:
            "A user type's permissions, the keys the caller may grant, and whether it is editable",
          querystring: userTypePermissionsQuerySchema,
          response: {
            200: envelopeSchema(recordSchema(userTypePermissionsSchema)),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) =>
        okRecord(
          await roles.getPermissions(request.query.type, requireAuth(request)),
          M.permissions,
        ),
    );

    r.post(
      P.saveUserTypePermissions,
      {
        config: { access: 'roles.update', audit: ROLES_AUDIT.permissions },
        schema: {
          tags,
          summary:
            'Replace the permission keys of a user type (not Super Admin, not your own; only keys you hold may change)',
          body: requestSchema(saveUserTypePermissionsRequestSchema),
          response: {
            200: envelopeSchema(recordSchema(userTypePermissionsSchema)),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) =>
        okRecord(
          await roles.savePermissions(request.body.data, requireAuth(request)),
          M.permissionsSaved,
        ),
    );

    r.get(
      P.allUserTypePermissions,
      {
        config: { access: 'roles.view' },
        schema: {
          tags,
          summary: "Every user type's permissions, paged",
          querystring: listQuerySchema,
          response: {
            200: envelopeSchema(allUserTypePermissionsSchema),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => ok(await roles.listPermissions(request.query), M.permissions),
    );
  };
