import type { Socket } from 'socket.io-client';
import {
  PRESENCE,
  PRESENCE_EVENTS,
  type PresenceEditor,
  type PresenceEvent,
  type PresenceSyncAnswer,
  type PresenceTarget,
  type RevisionEntity,
} from '@safarnama/contract';

/**
 * Presence (issue 21): who else has which record's edit form open. A tiny store outside Redux
 * (read with `useSyncExternalStore` in `usePresence.ts`), fed by the layout's socket
 * (`attachPresence`, called by `RealtimeEvents`). Zod-free and socket.io-free (type only): pages
 * and forms import it, and the socket stays in the layout's chunk.
 *
 * - A form that is open `hold`s its record: `join` now, again every `PRESENCE.heartbeatMs`, and
 *   after every reconnect; `leave` when the last holder of that record lets go.
 * - `presence` events add or remove one socket's entry; an entry not heard of for
 *   `PRESENCE.expireMs` is dropped (its process died without saying so).
 * - On every (re)connect, `sync` replaces what we know with the server's answer.
 * - This tab's own sockets are never listed; the admin's other tabs are (`Editor.admin._id` equal
 *   to `ownAdminId()`), so the form can say "You are editing this in another tab".
 */
export interface Editor {
  admin: { _id: string; name: string };
  socket: string;
  seenAt: number;
}

type Key = string;
const keyOf = (entity: RevisionEntity, id: string): Key => `${entity}:${id}`;

let editors: ReadonlyMap<Key, readonly Editor[]> = new Map();
const listeners = new Set<() => void>();
const held = new Map<Key, { target: PresenceTarget; count: number }>();
/** Every id this tab's socket has had (a reconnect brings a new one; the old may still echo). */
const ownSockets = new Set<string>();
let socket: Socket | null = null;
let adminId: string | null = null;
let heartbeat: ReturnType<typeof setInterval> | null = null;
let sweeper: ReturnType<typeof setInterval> | null = null;

const publish = (next: Map<Key, readonly Editor[]>) => {
  editors = next;
  if (next.size > 0 && !sweeper) sweeper = setInterval(sweep, PRESENCE.expireMs / 5);
  if (next.size === 0 && sweeper) {
    clearInterval(sweeper);
    sweeper = null;
  }
  for (const listener of [...listeners]) listener();
};

/** Drops the entries nobody refreshed within `PRESENCE.expireMs`. */
const sweep = () => {
  const oldest = Date.now() - PRESENCE.expireMs;
  let changed = false;
  const next = new Map<Key, readonly Editor[]>();
  for (const [key, list] of editors) {
    const kept = list.filter((editor) => editor.seenAt >= oldest);
    if (kept.length !== list.length) changed = true;
    if (kept.length > 0) next.set(key, kept);
  }
  if (changed) publish(next);
};

const withEntry = (
  map: Map<Key, readonly Editor[]>,
  editor: PresenceEditor,
  seenAt: number,
): void => {
  if (ownSockets.has(editor.socket)) return;
  const key = keyOf(editor.entity, editor.id);
  const others = (map.get(key) ?? []).filter((entry) => entry.socket !== editor.socket);
  map.set(key, [...others, { admin: editor.admin, socket: editor.socket, seenAt }]);
};

const isPresenceEditor = (value: unknown): value is PresenceEditor => {
  if (typeof value !== 'object' || value === null) return false;
  const { entity, id, socket: sid, admin } = value as Record<string, unknown>;
  return (
    typeof entity === 'string' &&
    typeof id === 'string' &&
    typeof sid === 'string' &&
    typeof admin === 'object' &&
    admin !== null &&
    typeof (admin as Record<string, unknown>)._id === 'string' &&
    typeof (admin as Record<string, unknown>).name === 'string'
  );
};

/** A `presence` event from the server. */
export const receivePresence = (event: PresenceEvent): void => {
  if (!isPresenceEditor(event) || ownSockets.has(event.socket)) return;
  const next = new Map(editors);
  if (event.editing) withEntry(next, event, Date.now());
  else {
    const key = keyOf(event.entity, event.id);
    const kept = (next.get(key) ?? []).filter((entry) => entry.socket !== event.socket);
    if (kept.length > 0) next.set(key, kept);
    else next.delete(key);
  }
  publish(next);
};

/** The server's list of editors (after a connect): it replaces what we knew. */
const receiveSync = (answer: PresenceSyncAnswer | undefined): void => {
  if (!answer || !Array.isArray(answer.editors)) return;
  const next = new Map<Key, readonly Editor[]>();
  const at = Date.now();
  for (const editor of answer.editors) if (isPresenceEditor(editor)) withEntry(next, editor, at);
  publish(next);
};

/** Sends only on a live connection (socket.io would buffer it and send it stale later). */
const send = (event: string, target: PresenceTarget) => {
  if (socket?.connected) socket.emit(event, target);
};

const joinAll = () => {
  for (const { target } of held.values()) send(PRESENCE_EVENTS.join, target);
};

const onConnect = () => {
  const current = socket;
  if (!current) return;
  if (current.id) ownSockets.add(current.id);
  joinAll();
  let answered = false;
  const timer = setTimeout(() => {
    answered = true;
  }, PRESENCE.syncTimeoutMs * 2);
  current.emit(PRESENCE_EVENTS.sync, (answer: PresenceSyncAnswer) => {
    if (answered || socket !== current) return;
    answered = true;
    clearTimeout(timer);
    receiveSync(answer);
  });
};

/**
 * Feeds the store from the layout's socket (and sends this tab's joins through it). Answers the
 * detach for the layout's cleanup (sign-out: the store empties).
 */
export const attachPresence = (next: Socket, ownAdminId: string): (() => void) => {
  socket = next;
  adminId = ownAdminId;
  next.on(PRESENCE_EVENTS.changed, receivePresence);
  next.on('connect', onConnect);
  if (next.connected) onConnect();
  return () => {
    next.off(PRESENCE_EVENTS.changed, receivePresence);
    next.off('connect', onConnect);
    if (socket === next) {
      socket = null;
      adminId = null;
      ownSockets.clear();
      publish(new Map());
    }
  };
};

/**
 * This tab has `target`'s edit form open until the answered release runs (a form's lifetime).
 * Several holders of one record (two dialogs) count as one.
 */
export const holdEditing = (target: PresenceTarget): (() => void) => {
  const key = keyOf(target.entity, target.id);
  const entry = held.get(key);
  if (entry) entry.count += 1;
  else {
    held.set(key, { target, count: 1 });
    send(PRESENCE_EVENTS.join, target);
  }
  heartbeat ??= setInterval(joinAll, PRESENCE.heartbeatMs);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const current = held.get(key);
    if (!current) return;
    current.count -= 1;
    if (current.count > 0) return;
    held.delete(key);
    send(PRESENCE_EVENTS.leave, target);
    if (held.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  };
};

const NONE: readonly Editor[] = [];

export const subscribePresence = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The other sockets that have this record open (a stable array until it changes). */
export const editorsOf = (entity: RevisionEntity, id: string | null | undefined) =>
  id ? (editors.get(keyOf(entity, id)) ?? NONE) : NONE;

/** The signed-in admin (their other tabs are told apart from other admins). */
export const ownAdminId = (): string | null => adminId;

/** Tests: back to nothing held, nothing known, no socket. */
export const resetPresence = (): void => {
  held.clear();
  ownSockets.clear();
  socket = null;
  adminId = null;
  if (heartbeat) clearInterval(heartbeat);
  heartbeat = null;
  publish(new Map());
};
