import type { FastifyRequest } from 'fastify';
import type { PermissionKey } from '@safarnama/contract';
import type { ForceOption } from './media-usage.service.js';

/**
 * A delete's `?force=true` (the route's `forceQuerySchema` parsed it) and whether the admin may
 * force: `deleteKey` is the delete permission of the module owning the image or library.
 */
export const forceOf = (request: FastifyRequest, deleteKey: PermissionKey): ForceOption => ({
  force: (request.query as { force?: boolean } | undefined)?.force === true,
  canForce: request.auth?.permissions.has(deleteKey) ?? false,
});

/** No force: a delete of something in use is refused (the default of the services). */
export const NO_FORCE: ForceOption = { force: false, canForce: false };
