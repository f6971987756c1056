import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import {
  AUTH_TOKEN_KEY,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  type PermissionKey,
  type RouteAccess,
} from '@safarnama/contract';
import type { adminUsers, sessions, userTypes } from '../db/schema/index.js';
import { Forbidden, MESSAGES, Unauthenticated } from './errors.js';

export type AdminRow = typeof adminUsers.$inferSelect;
export type UserTypeRow = typeof userTypes.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Who is calling, attached to the request by the guard once the session checks out. */
export interface AuthContext {
  admin: AdminRow;
  userType: UserTypeRow;
  session: SessionRow;
  /**
   * The effective permissions: every key for a super admin, none for a disabled role, else the
   * role's stored keys with what they need (`withDependencies`, identity's `effectivePermissions`).
   */
  permissions: ReadonlySet<PermissionKey>;
  via: 'bearer' | 'cookie';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: 'public', 'self' (any signed-in admin) or a permission key. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** One entry per registered route (including plugin routes) as the onRoute hook saw it. */
export interface RouteRecord {
  method: string;
  url: string;
  options: RouteOptions;
}

export const routeAccess = (record: RouteRecord): RouteAccess | undefined =>
  record.options.config?.access;

/** Lists the routes that declare no access; the route-table test fails when this is not empty. */
export const routesWithoutAccess = (routes: readonly RouteRecord[]): string[] =>
  routes.filter((r) => routeAccess(r) === undefined).map((r) => `${r.method} ${r.url}`);

/** Records every route registered after this call (children inherit root hooks). */
export const recordRoutes = (app: FastifyInstance): RouteRecord[] => {
  const routes: RouteRecord[] = [];
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) routes.push({ method, url: options.url, options });
  });
  return routes;
};

/**
 * Registers a third-party plugin (docs, static files) whose routes cannot take our `config`, and
 * declares one access level for all of them inside its own encapsulated scope.
 */
export const withAccess =
  (access: RouteAccess, register: (scope: FastifyInstance) => Promise<void>) =>
  async (scope: FastifyInstance) => {
    scope.addHook('onRoute', (options) => {
      options.config = { ...options.config, access: options.config?.access ?? access };
    });
    await register(scope);
  };

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const bearerToken = (header: string | undefined): string | undefined => {
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,512})\s*$/i.exec(header);
  return match?.[1];
};

/**
 * Cookies ride along on cross-site requests, so a cookie-authenticated write must prove it comes
 * from our own page: the app's custom header (which a cross-site form cannot set without a CORS
 * preflight we never grant), a same-origin `Origin` when present and a same-origin `Sec-Fetch-Site`
 * when present.
 */
const isSameOriginWrite = (request: FastifyRequest, publicOrigin: string): boolean => {
  if (request.headers[CLIENT_HEADER.toLowerCase()] !== CLIENT_HEADER_VALUE) return false;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const hostOrigin = `${request.protocol}://${request.host}`;
    if (origin !== publicOrigin && origin !== hostOrigin) return false;
  }
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  return true;
};

export interface AccessGuardDeps {
  /** Looks a session up by its raw token; null when missing, expired, revoked or inactive. */
  authenticate: (token: string, via: 'bearer' | 'cookie') => Promise<AuthContext | null>;
  publicOrigin: string;
}

/**
 * The guard every request passes (DESIGN §4): public → through; otherwise Bearer token first,
 * then the `authToken` cookie; then `self` passes and a permission key needs a super admin or the
 * key. Permissions are read fresh from the database on every request. A route without a declared
 * access is refused (fail closed) — and the route-table test keeps such routes out.
 */
export const createAccessGuard =
  ({ authenticate, publicOrigin }: AccessGuardDeps) =>
  async (request: FastifyRequest): Promise<void> => {
    request.auth = null;
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === undefined) throw new Forbidden();
    if (access === 'public') return;

    const bearer = bearerToken(request.headers.authorization);
    const cookie = bearer ? undefined : request.cookies[AUTH_TOKEN_KEY];
    const token = bearer ?? (cookie && cookie.length <= 512 ? cookie : undefined);
    if (!token) throw new Unauthenticated();
    const via = bearer ? 'bearer' : 'cookie';
    if (via === 'cookie' && STATE_CHANGING.has(request.method)) {
      if (!isSameOriginWrite(request, publicOrigin)) throw new Forbidden(MESSAGES.crossSite);
    }

    const auth = await authenticate(token, via);
    if (!auth) throw new Unauthenticated();
    request.auth = auth;
    if (access === 'self') return;
    if (!auth.permissions.has(access)) throw new Forbidden();
  };

/** The signed-in caller of a non-public route (the guard has run). */
export const requireAuth = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw new Unauthenticated();
  return request.auth;
};
