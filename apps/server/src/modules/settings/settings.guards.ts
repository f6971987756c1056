import type { FastifyRequest } from 'fastify';
import { API_BASE, API_PATHS, SETTINGS_MESSAGES } from '@safarnama/contract';
import { Forbidden, ServiceUnavailable } from '../../http/errors.js';

/** Every route under this prefix is the admin API: its public sign-in routes included. */
const ADMIN_PREFIX = `${API_BASE}/admin/`;

/**
 * Whether the allowed-IP list applies to a route: every non-public route, and every route of the
 * admin API (an address outside the list must not even sign in or ask for a reset link). Public
 * routes outside it stay open: health, readiness, docs, uploads, the web app, the pre-login client
 * configuration and the service status.
 */
export const ipListApplies = (request: FastifyRequest): boolean => {
  const access = request.routeOptions.config.access;
  if (access === undefined) return false; // the access guard refuses it anyway
  if (access !== 'public') return true;
  return (request.routeOptions.url ?? '').startsWith(ADMIN_PREFIX);
};

/**
 * The allowed-IP check (DESIGN §4): a root `preParsing` hook registered just before the access
 * guard, so a refused address learns nothing else (not even whether its token is valid) and no
 * body is read. `request.ip` is the socket address, or the `X-Forwarded-For` hop TRUST_PROXY
 * allows (SECURITY 2).
 */
export const createIpGuard =
  ({ allows }: { allows: (ip: string) => Promise<boolean> }) =>
  async (request: FastifyRequest): Promise<void> => {
    if (request.is404 || !ipListApplies(request)) return;
    if (!(await allows(request.ip))) throw new Forbidden(SETTINGS_MESSAGES.ipBlocked);
  };

/** Routes that keep working during maintenance for everyone signed in: ending a session. */
const MAINTENANCE_EXEMPT = new Set([`POST ${API_PATHS.auth.logout}`]);

/**
 * Maintenance mode (DESIGN §7): a root `preParsing` hook registered just after the access guard.
 * While it is on, every signed-in call of an admin WITHOUT `settings.update` answers 503; admins
 * holding it keep working so they can turn it off (the web applies the same rule to the socket's
 * `service-status`). Public routes are not touched: sign-in still works and the web reads
 * `service-status`.
 */
export const createMaintenanceGuard =
  ({ maintenanceOn }: { maintenanceOn: () => Promise<boolean> }) =>
  async (request: FastifyRequest): Promise<void> => {
    const auth = request.auth;
    if (request.is404 || !auth || auth.permissions.has('settings.update')) return;
    if (MAINTENANCE_EXEMPT.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
    if (await maintenanceOn()) throw new ServiceUnavailable(SETTINGS_MESSAGES.maintenance);
  };
