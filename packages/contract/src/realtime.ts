import type { Branding } from './client-config.js';
import { SOCKET_OPTIONS } from './constants.js';

/**
 * The realtime socket (spec §7 "Realtime", DESIGN §7). socket.io at path `/socket.io` on the API
 * host; the session token goes as the `token` query parameter (or the HttpOnly cookie rides along
 * for remember-me sessions). Zod-free: the layout imports it.
 */
export const SOCKET_PATH = '/socket.io';

export const SOCKET_EVENTS = {
  /** {active: boolean}: maintenance on/off; active true sends /service-unavailable back to /. */
  serviceStatus: 'service-status',
  /** A new in-app notification (`Notification` of the contract) plus the new unread count. */
  notification: 'notification',
  /** {reason}: this session was revoked (logout, password change, admin disabled); sign out. */
  sessionRevoked: 'session-revoked',
  /** {}: the admin's permissions changed; refetch the profile so menus and buttons follow. */
  permissionsChanged: 'permissions-changed',
  /**
   * {}: this server process is stopping (deploy, scale-in); the connection closes next and the
   * client reconnects, through the load balancer, to a process that stays.
   */
  serverRestarting: 'server-restarting',
  /**
   * {branding}: the Basic Settings' product name, logo, currency symbol or time zone changed
   * (`BrandingChangedEvent`); the page takes them as `client-config`'s `branding`, so the
   * sidebar, the tab title, prices and dates follow in every open tab (issue 20).
   */
  brandingChanged: 'branding-changed',
} as const;

export interface NotificationEvent {
  notification: {
    _id: string;
    type: string;
    title: string;
    message: string;
    link: string | null;
    isRead: boolean;
    readAt: string | null;
    createdAt: string;
  };
  unreadCount: number;
  /**
   * The session whose own action caused it (a password change, two-factor on or off), when one
   * did: every session of the admin gets the same event, and the one that caused it, which has
   * already said so with its own toast, only updates its list and bell (it compares this with the
   * profile's `sessionId`). Absent for notifications no session caused (sign-ins, scheduled sends).
   */
  causedBySessionId?: string;
}

export interface SessionRevokedEvent {
  reason: string;
}

/**
 * The new branding rides along: a refetch could reach another server process whose cache has not
 * yet heard of the save (the peer signal and the event travel separately).
 */
export interface BrandingChangedEvent {
  branding: Branding;
}

export interface ServiceStatusEvent {
  active: boolean;
}

/** Client options of spec §9 (SOCKET_OPTIONS) with the socket path. */
export const SOCKET_CLIENT_OPTIONS = { path: SOCKET_PATH, ...SOCKET_OPTIONS } as const;
