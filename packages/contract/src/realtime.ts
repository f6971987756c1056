import type { Branding } from './client-config.js';
import type { RevisionEntity } from './revision-entities.js';
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
  /**
   * `CsvImportProgressEvent` (csv.ts, issue 24): how far a CSV import the admin started has got
   * (checking rows, writing them), to that admin's sockets.
   */
  csvImportProgress: 'csv-import-progress',
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

/**
 * Client options of spec §9 (SOCKET_OPTIONS) with the socket path. WebSocket only: the server runs
 * several worker processes on one port (SERVER_WORKERS) and hands each connection to one of them;
 * a WebSocket is one connection, so it stays with its worker, where long-polling's separate
 * requests would reach workers that do not know the session.
 */
export const SOCKET_CLIENT_OPTIONS = {
  path: SOCKET_PATH,
  ...SOCKET_OPTIONS,
  transports: ['websocket' as const],
};

/**
 * Presence (issue 21): "<name> is editing" on a row and inside its edit form. The web sends
 * `join` when an edit form opens (again every `heartbeatMs` while it stays open, and after a
 * reconnect) and `leave` when it closes; the server tells every socket whose admin may view that
 * entity with `changed`, on every process through the socket.io adapter, and sends
 * `editing: false` for whatever a socket held when it disconnects. A tab that connects asks for
 * the current editors with `sync` (acknowledged with `PresenceSyncAnswer`). Entries not refreshed
 * within `expireMs` are dropped by the web, so the editors of a process that died vanish too.
 */
export const PRESENCE_EVENTS = {
  /** Server → client: `PresenceEvent`. */
  changed: 'presence',
  /** Client → server: `PresenceTarget`; needs the entity's update permission. */
  join: 'presence:join',
  /** Client → server: `PresenceTarget`. */
  leave: 'presence:leave',
  /** Client → server, with an acknowledgement: answers `PresenceSyncAnswer`. */
  sync: 'presence:sync',
} as const;

export const PRESENCE = {
  /** How often an open form says again that it is open. */
  heartbeatMs: 10_000,
  /** An editor not heard of for this long is gone (a process died without saying so). */
  expireMs: 25_000,
  /** Forms one socket may hold open at once; more joins are ignored. */
  maxEntriesPerSocket: 5,
  /** Record ids are UUIDs, or '1' for the homepage settings. */
  idPattern: /^[A-Za-z0-9_-]{1,64}$/,
  /** How long `sync` waits for the other processes' answers. */
  syncTimeoutMs: 3_000,
} as const;

/** A record whose edit form is open (`entity` is one of `REVISION_ENTITIES`). */
export interface PresenceTarget {
  entity: RevisionEntity;
  id: string;
}

/** Who has it open: the admin, and which of their sockets (one per tab). */
export interface PresenceEditor extends PresenceTarget {
  admin: { _id: string; name: string };
  socket: string;
}

export interface PresenceEvent extends PresenceEditor {
  editing: boolean;
}

export interface PresenceSyncAnswer {
  editors: PresenceEditor[];
}

export const PRESENCE_TEXTS = {
  /** The other admins who have the record open: one or two names, else how many. */
  editing: (names: readonly string[]): string =>
    names.length === 1
      ? `${names[0] ?? ''} is editing`
      : names.length === 2
        ? `${names[0] ?? ''} and ${names[1] ?? ''} are editing`
        : `${names.length} people are editing`,
  /** Only this admin's other tab has it open. */
  otherTab: 'You are editing this in another tab',
} as const;
