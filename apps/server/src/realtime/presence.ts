import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import {
  PRESENCE,
  PRESENCE_EVENTS,
  REVISION_ENTITIES,
  REVISION_PERMISSION_MODULE,
  type PermissionKey,
  type PresenceEditor,
  type PresenceEvent,
  type PresenceSyncAnswer,
  type PresenceTarget,
  type RevisionEntity,
} from '@safarnama/contract';
import type { AuthContext } from '../http/access.js';

/**
 * Presence (issue 21): which admins have which record's edit form open.
 *
 * What a socket holds lives in `socket.data.presence` ({admin, editing}): `fetchSockets` carries
 * `socket.data` to the other processes through the adapter, so `sync` answers the editors of
 * every process. Events go to the room `presence:<entity>`, which a socket joins when its admin
 * may view that entity (so admin names reach only sockets that could open those records), and
 * cross processes through the adapter like every other emit.
 *
 * Everything a client sends is checked and junk is dropped without an answer: an unknown entity,
 * an id outside `PRESENCE.idPattern`, a join without the entity's update permission, more than
 * `PRESENCE.maxEntriesPerSocket` entries, more than `BUDGET.points` points in `BUDGET.windowMs`.
 * The permissions are those of the handshake, read again when the admin's permissions change
 * (`recheckAdmins`, on every process: the hub relays it). Not on a timer: reading the session
 * touches it, and an edit form left open must not keep an idle session alive.
 */

/** What `socket.data.presence` holds. */
export interface PresenceData {
  admin: { _id: string; name: string };
  editing: PresenceTarget[];
}

/** Per-socket state that stays on this process. */
interface LocalState {
  canView: ReadonlySet<RevisionEntity>;
  canEdit: ReadonlySet<RevisionEntity>;
  window: { start: number; used: number };
  /** Handlers run one after the other, so a leave never overtakes the join before it. */
  queue: Promise<void>;
}

const BUDGET = { windowMs: 10_000, points: 30, join: 1, leave: 1, sync: 5 } as const;
/** Sockets holding at least one entry: `sync` asks only these across processes. */
const EDITING_ROOM = 'presence-editing';

export const presenceRoom = (entity: RevisionEntity) => `presence:${entity}`;

const local = new WeakMap<Socket, LocalState>();

const entitiesWith = (auth: AuthContext, action: 'view' | 'update') =>
  new Set(
    REVISION_ENTITIES.filter((entity) =>
      auth.permissions.has(`${REVISION_PERMISSION_MODULE[entity]}.${action}` as PermissionKey),
    ),
  );

const isEntity = (value: unknown): value is RevisionEntity =>
  typeof value === 'string' && (REVISION_ENTITIES as readonly string[]).includes(value);

/** A `{entity, id}` the client sent, or null for anything else. */
export const parseTarget = (raw: unknown): PresenceTarget | null => {
  if (typeof raw !== 'object' || raw === null) return null;
  const { entity, id } = raw as Record<string, unknown>;
  if (!isEntity(entity) || typeof id !== 'string' || !PRESENCE.idPattern.test(id)) return null;
  return { entity, id };
};

const dataOf = (socket: { data: unknown }): PresenceData | null => {
  const data = socket.data as { presence?: PresenceData } | undefined;
  return data?.presence ?? null;
};

const sameTarget = (a: PresenceTarget, b: PresenceTarget) => a.entity === b.entity && a.id === b.id;

/**
 * Who this socket is for presence, from its (re-)authentication: name, rooms of the entities its
 * admin may view, and what it may join. Called by the handshake and by every recheck.
 */
export const identifyPresence = async (socket: Socket, auth: AuthContext): Promise<void> => {
  const canView = entitiesWith(auth, 'view');
  const canEdit = entitiesWith(auth, 'update');
  const data = socket.data as { presence?: PresenceData };
  data.presence = {
    admin: { _id: auth.admin.id, name: auth.admin.name },
    editing: data.presence?.editing ?? [],
  };
  const previous = local.get(socket);
  local.set(socket, {
    canView,
    canEdit,
    window: previous?.window ?? { start: Date.now(), used: 0 },
    queue: previous?.queue ?? Promise.resolve(),
  });
  for (const entity of REVISION_ENTITIES) {
    if (!canView.has(entity)) await socket.leave(presenceRoom(entity));
  }
  await socket.join([...canView].map(presenceRoom));
};

export interface PresenceDeps {
  /** The socket's session read again (its handshake token); null when it is no longer valid. */
  reauthenticate: (socket: Socket) => Promise<AuthContext | null>;
  log?: FastifyBaseLogger | undefined;
}

const spend = (state: LocalState, points: number): boolean => {
  const now = Date.now();
  if (now - state.window.start >= BUDGET.windowMs) state.window = { start: now, used: 0 };
  if (state.window.used + points > BUDGET.points) return false;
  state.window.used += points;
  return true;
};

export interface Presence {
  /** Reads these admins' sessions again on this process (their permissions changed). */
  recheckAdmins: (adminIds: readonly string[]) => void;
}

/** Wires the presence events of every socket of `io`. */
export const registerPresence = (io: Server, deps: PresenceDeps): Presence => {
  const announce = (
    socket: Socket,
    data: PresenceData,
    target: PresenceTarget,
    editing: boolean,
  ) => {
    const event: PresenceEvent = { ...target, admin: data.admin, socket: socket.id, editing };
    // Not to the sender itself; its admin's other tabs do hear it.
    socket.to(presenceRoom(target.entity)).emit(PRESENCE_EVENTS.changed, event);
  };

  /** Drops entries the admin may no longer edit (after a recheck). */
  const dropForbidden = async (socket: Socket, state: LocalState) => {
    const data = dataOf(socket);
    if (!data) return;
    const kept = data.editing.filter((target) => state.canEdit.has(target.entity));
    for (const target of data.editing) {
      if (!state.canEdit.has(target.entity)) announce(socket, data, target, false);
    }
    data.editing = kept;
    if (kept.length === 0) await socket.leave(EDITING_ROOM);
  };

  /** Runs `task` after the socket's earlier handlers (none when it is not ours or is gone). */
  const enqueue = (socket: Socket, task: () => Promise<void>) => {
    const state = local.get(socket);
    if (!state) return;
    state.queue = state.queue.then(task).catch((err: unknown) => {
      deps.log?.warn({ err }, 'presence handler failed');
    });
  };

  /** The permissions read again: rooms follow, entries it may no longer edit are dropped. */
  const recheck = async (socket: Socket) => {
    if (!socket.connected) return;
    const auth = await deps.reauthenticate(socket);
    if (!auth) {
      socket.disconnect(true);
      return;
    }
    await identifyPresence(socket, auth);
    const fresh = local.get(socket);
    if (fresh) await dropForbidden(socket, fresh);
  };

  /** The editors of every process (this one's alone when the others do not answer in time). */
  const editorsEverywhere = async (): Promise<PresenceEditor[]> => {
    const sockets = await io
      .in(EDITING_ROOM)
      .timeout(PRESENCE.syncTimeoutMs)
      .fetchSockets()
      .catch((err: unknown) => {
        deps.log?.warn({ err }, 'presence sync: another process did not answer');
        return io.local.in(EDITING_ROOM).fetchSockets();
      });
    const editors: PresenceEditor[] = [];
    for (const remote of sockets) {
      const data = dataOf(remote);
      if (!data) continue;
      for (const target of data.editing) {
        editors.push({ ...target, admin: data.admin, socket: remote.id });
      }
    }
    return editors;
  };

  io.on('connection', (socket) => {
    const run = (points: number, task: () => Promise<void>) => {
      const state = local.get(socket);
      if (state && spend(state, points)) enqueue(socket, task);
    };

    socket.on(PRESENCE_EVENTS.join, (raw: unknown) => {
      const target = parseTarget(raw);
      if (!target) return;
      run(BUDGET.join, async () => {
        const state = local.get(socket);
        const data = dataOf(socket);
        // A socket that went while an earlier task ran holds nothing (its leave is already out).
        if (!state || !data || !socket.connected || !state.canEdit.has(target.entity)) return;
        if (!data.editing.some((held) => sameTarget(held, target))) {
          if (data.editing.length >= PRESENCE.maxEntriesPerSocket) return;
          data.editing = [...data.editing, target];
          await socket.join(EDITING_ROOM);
        }
        // Also for an entry already held: the heartbeat that keeps it alive elsewhere.
        announce(socket, data, target, true);
      });
    });

    socket.on(PRESENCE_EVENTS.leave, (raw: unknown) => {
      const target = parseTarget(raw);
      if (!target) return;
      run(BUDGET.leave, async () => {
        const data = dataOf(socket);
        if (!data || !data.editing.some((held) => sameTarget(held, target))) return;
        data.editing = data.editing.filter((held) => !sameTarget(held, target));
        if (data.editing.length === 0) await socket.leave(EDITING_ROOM);
        announce(socket, data, target, false);
      });
    });

    socket.on(PRESENCE_EVENTS.sync, (...args: unknown[]) => {
      const ack = args[args.length - 1];
      const state = local.get(socket);
      if (typeof ack !== 'function' || !state || !spend(state, BUDGET.sync)) return;
      // Not queued: waiting for the other processes must not hold up this socket's joins.
      void editorsEverywhere()
        .then((all) => {
          // The rights as they are now (a recheck may have run meanwhile).
          const canView = (local.get(socket) ?? state).canView;
          const editors = all.filter((editor) => canView.has(editor.entity));
          const answer: PresenceSyncAnswer = { editors };
          (ack as (answer: PresenceSyncAnswer) => void)(answer);
        })
        .catch((err: unknown) => deps.log?.warn({ err }, 'presence sync failed'));
    });

    socket.on('disconnect', () => {
      const data = dataOf(socket);
      if (!data) return;
      for (const target of data.editing) announce(socket, data, target, false);
      data.editing = [];
    });
  });

  return {
    recheckAdmins: (adminIds) => {
      const ids = new Set(adminIds);
      for (const socket of io.sockets.sockets.values()) {
        const data = dataOf(socket);
        if (data && ids.has(data.admin._id)) enqueue(socket, () => recheck(socket));
      }
    },
  };
};
