import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Tx } from './client.js';

/**
 * The one way services open a transaction (`transaction(db, fn)`), and the change scope of a
 * request that rides along with it (DESIGN §4: the audit entry is written in the transaction of
 * the change).
 *
 * - A `transaction` called while one of the same database is running in this async context joins
 *   it (a nested service call), so a request's change commits, or rolls back, as one.
 * - A request with an audited route runs inside a {@link ChangeScope} (opened by the audit hook,
 *   http/audit.ts). Its outermost transactions call the scope as they open and just before they
 *   commit: the entry is written there, through the same transaction, so a change cannot commit
 *   without its entry and an entry cannot outlive a change that rolled back.
 * - Inside a transaction a service says what the scope cannot know from the request:
 *   {@link noteEntity} (the id of what it created), {@link noteActor} (on a public route, the admin
 *   the request proved to be).
 */

/** Who made a change: the signed-in admin, or on a public route the admin the request proved to be. */
export interface Actor {
  id: string;
  name: string;
  email: string;
}

/** The request behind a change: who, from where, through which call. */
export interface ChangeContext {
  /** The signed-in admin; null on a public route (the service names the actor, noteActor). */
  actor: Actor | null;
  ip: string;
  userAgent: string | null;
  method: string;
  /** The path without the query string. */
  path: string;
}

/** What the service said about its change, inside the transaction. */
export interface ChangeNotes {
  /** The id of the entity the change created. */
  entityId?: string;
  /** Public routes: the admin the request proved to be (a finished sign-in, a used link). */
  actor?: Actor;
  /**
   * Issue 24: what the change did beyond its entity's own fields, recorded with the entry's
   * changes (a forced delete: the references it removed).
   */
  changes?: Record<string, { from: unknown; to: unknown }>;
}

/** One request's change: its context and what runs in its outermost transactions. */
export interface ChangeScope {
  readonly context: ChangeContext;
  /** First thing in an outermost transaction. */
  opened(tx: Tx): Promise<void>;
  /** Last thing before an outermost transaction commits; a throw rolls it back. */
  committing(tx: Tx, notes: ChangeNotes): Promise<void>;
  /** After that transaction committed. */
  committed(): void;
}

interface Running {
  db: Database;
  tx: Tx;
  notes: ChangeNotes;
  open: boolean;
  /** What runs once the outermost transaction has committed ({@link afterCommit}). */
  after: (() => Promise<void>)[];
}

const scopes = new AsyncLocalStorage<ChangeScope>();
const running = new AsyncLocalStorage<Running>();

/** Runs `fn` (and everything it starts) in a request's change scope. */
export const runInChangeScope = <T>(scope: ChangeScope, fn: () => T): T => scopes.run(scope, fn);

/** The context of the request whose change is running here; undefined outside an audited request. */
export const changeContext = (): ChangeContext | undefined => scopes.getStore()?.context;

/**
 * Runs `work` in a transaction of `db`: the running one when there is one (nested calls join the
 * outer transaction), else a new one, with the request's change scope called as it opens and
 * before it commits.
 */
export const transaction = async <T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> => {
  const outer = running.getStore();
  if (outer?.open && outer.db === db) return work(outer.tx);
  const scope = scopes.getStore();
  const after: Running['after'] = [];
  const result = await db.transaction((tx) => {
    const current: Running = { db, tx, notes: {}, open: true, after };
    return running.run(current, async () => {
      try {
        await scope?.opened(tx);
        const value = await work(tx);
        await scope?.committing(tx, current.notes);
        return value;
      } finally {
        // Work it started and left running (a background task) must not join a finished one.
        current.open = false;
      }
    });
  });
  scope?.committed();
  for (const task of after) await task();
  return result;
};

/**
 * Runs `task` once the outermost transaction running here has committed, or now when none is
 * running (every single-record request: its `transaction` has returned by then). A transaction or
 * record change that rolls back drops its tasks. The files of deleted rows go this way, so a bulk
 * action (one transaction, many records) deletes them only after its commit.
 */
export const afterCommit = async (task: () => Promise<void>): Promise<void> => {
  const current = running.getStore();
  if (current?.open) current.after.push(task);
  else await task();
};

/** Whether a transaction of `db` is running here (a call of `transaction` would join it). */
export const inTransaction = (db: Database): boolean => {
  const current = running.getStore();
  return Boolean(current?.open && current.db === db);
};

/**
 * Issue 24: one record's change of a request that changes many (a bulk action), inside the
 * running transaction: a SAVEPOINT (drizzle's nested transaction), so a record refused half-way
 * (in use, gone) rolls back alone and the others go on, with its own change `scope` called as
 * the savepoint opens and before it is released — one audit entry (and revision) per record, in
 * the request's one transaction. The services it calls join it through `transaction`. A throw
 * rolls the record back (its after-commit tasks too) and goes on to the caller.
 */
export const recordChange = async <T>(
  scope: ChangeScope | undefined,
  work: () => Promise<T>,
): Promise<T> => {
  const outer = running.getStore();
  if (!outer?.open) throw new Error('recordChange must be called inside a transaction');
  const after: Running['after'] = [];
  const result = await outer.tx.transaction((savepoint) => {
    const current: Running = { db: outer.db, tx: savepoint, notes: {}, open: true, after };
    const run = () =>
      running.run(current, async () => {
        try {
          await scope?.opened(savepoint);
          const value = await work();
          await scope?.committing(savepoint, current.notes);
          return value;
        } finally {
          current.open = false;
        }
      });
    return scope ? scopes.run(scope, run) : run();
  });
  scope?.committed();
  outer.after.push(...after);
  return result;
};

const notesOfRunning = (what: string): ChangeNotes => {
  const current = running.getStore();
  if (!current?.open) throw new Error(`${what} must be called inside the change's transaction`);
  return current.notes;
};

/** Inside the transaction of a create: the id of the new entity (its audit entry names it). */
export const noteEntity = (id: string): void => {
  notesOfRunning('noteEntity').entityId = id;
};

/**
 * Inside a change's transaction: a field of the audit entry's changes that the entity's diff cannot
 * show (issue 24: a forced delete's removed references, `from` what they were, `to` null).
 */
export const noteChange = (field: string, from: unknown, to: unknown = null): void => {
  const notes = notesOfRunning('noteChange');
  notes.changes = { ...notes.changes, [field]: { from, to } };
};

/**
 * Inside the transaction of a public route's change: the admin the request proved to be. On a
 * public route only a change whose actor is named gets an audit entry (a finished sign-in, not
 * its two-factor step).
 */
export const noteActor = (actor: Actor): void => {
  notesOfRunning('noteActor').actor = { id: actor.id, name: actor.name, email: actor.email };
};
