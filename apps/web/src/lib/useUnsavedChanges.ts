import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';

/**
 * Issue 20, "lost work": the one mechanism that keeps unsaved changes from being thrown away.
 *
 * A screen or form that holds changes calls `useUnsavedChanges(dirty)`. While it is dirty:
 * - the app's guard (`app/UnsavedChangesGuard.tsx`, in the signed-in frame) blocks a route change
 *   with react-router's `useBlocker` and asks first, and the browser asks before a reload or a
 *   closed tab (`beforeunload`);
 * - the `Modal` around it (if any) asks before it closes (its X, Escape, a click outside and the
 *   form's Cancel through `useDiscardGuard`).
 * Nothing is registered while nothing is dirty.
 */

const dirtySources = new Set<symbol>();
const listeners = new Set<() => void>();
let leaveRequest: (() => void) | null = null;
let guardMounted = 0;

const notify = (): void => {
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** True while any screen or form of the app holds unsaved changes. */
export const hasUnsavedChanges = (): boolean => dirtySources.size > 0;

/** `hasUnsavedChanges()` as state: the guard renders its blocker only while it is true. */
export const useHasUnsavedChanges = (): boolean =>
  useSyncExternalStore(subscribe, hasUnsavedChanges, hasUnsavedChanges);

/** An action waiting for the admin's answer (`requestLeave`), for the guard's dialog. */
export const useLeaveRequest = (): (() => void) | null =>
  useSyncExternalStore(
    subscribe,
    () => leaveRequest,
    () => leaveRequest,
  );

/** The guard answers the waiting action: runs it on 'Discard', drops it on 'Keep editing'. */
export const settleLeaveRequest = (proceed: boolean): void => {
  const action = leaveRequest;
  leaveRequest = null;
  notify();
  if (proceed) action?.();
};

/** The guard says it is on the page (so `requestLeave` has someone to ask). */
export const registerGuard = (): (() => void) => {
  guardMounted += 1;
  return () => {
    guardMounted -= 1;
  };
};

/**
 * Runs an action that leaves the screen without a route change the blocker would see (signing
 * out): at once when nothing is dirty, else after the guard's 'Discard'.
 */
export const requestLeave = (action: () => void): void => {
  if (!hasUnsavedChanges() || guardMounted === 0) {
    action();
    return;
  }
  leaveRequest = action;
  notify();
};

/** What a `Modal` gives the forms inside it (see `useUnsavedChanges`, `useDiscardGuard`). */
export interface DiscardScope {
  /** Counts a dirty source inside the modal; answers its release. */
  register: () => () => void;
  /** Runs `action` (closing) at once when clean, else after the admin's 'Discard'. */
  guard: (action: () => void) => void;
}

export const DiscardScopeContext = createContext<DiscardScope | null>(null);

/**
 * Marks the caller's screen or form as holding unsaved changes while `dirty`: route changes,
 * reloads and the surrounding modal's closing ask first. A successful save makes it clean (or
 * unmounts it), so what follows the save never asks.
 */
export const useUnsavedChanges = (dirty: boolean): void => {
  const scope = useContext(DiscardScopeContext);
  useEffect(() => {
    if (!dirty) return;
    const source = Symbol('unsaved changes');
    dirtySources.add(source);
    notify();
    const releaseScope = scope?.register();
    return () => {
      dirtySources.delete(source);
      releaseScope?.();
      notify();
    };
  }, [dirty, scope]);
};

/**
 * A Cancel button's handler inside a modal: closes at once when the modal is clean, else asks
 * 'Discard unsaved changes?' first. Outside a modal it is `action` itself.
 */
export const useDiscardGuard = (action: () => void): (() => void) => {
  const scope = useContext(DiscardScopeContext);
  return () => {
    if (scope) scope.guard(action);
    else action();
  };
};

/**
 * Deep equality of form values for "does the form differ from what it was opened with": plain
 * objects and arrays by content (a missing key equals undefined), dates by time, everything else
 * (a chosen `File`) by identity, numbers with `Object.is` (NaN equals NaN).
 */
export const sameValues = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameValues(item, b[index]))
    );
  }
  const isPlain = (value: object) => {
    const prototype: unknown = Object.getPrototypeOf(value);
    return prototype === Object.prototype || prototype === null;
  };
  if (!isPlain(a) || !isPlain(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameValues(left[key], right[key])) return false;
  return true;
};
