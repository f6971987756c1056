import type { ActionReducerMapBuilder, UnknownAction } from '@reduxjs/toolkit';
import { getErrorEnvelope } from './errors';

/** One operation of a feature slice (spec §4): running, and how the last call ended. */
export interface OperationState {
  loading: boolean;
  /** null: reset (or never run); true: the last call succeeded; false: it failed. */
  success: boolean | null;
  error: string | null;
}

export const idleOperation = (): OperationState => ({ loading: false, success: null, error: null });

/** The matchers of an RTK Query endpoint that `trackOperations` listens to. */
export interface TrackedEndpoint {
  matchPending: (action: UnknownAction) => boolean;
  matchFulfilled: (action: UnknownAction) => boolean;
  matchRejected: (
    action: UnknownAction,
  ) => action is UnknownAction & { payload?: unknown; meta: { condition: boolean } };
}

/**
 * Keeps `state.operations[operation]` for each endpoint of `endpointOf`: loading on request,
 * success with the error cleared, or failure with the server's message, else `fallback(operation)`
 * (spec §8). A call skipped because the same one is already running is no failure.
 */
export const trackOperations = <
  TOperation extends string,
  TState extends { operations: Record<TOperation, OperationState> },
>(
  builder: ActionReducerMapBuilder<TState>,
  endpointOf: Record<TOperation, TrackedEndpoint>,
  fallback: (operation: TOperation) => string,
): void => {
  // The slice's draft, typed as what it is (Immer's Draft of a generic state does not index).
  const operations = (state: unknown) =>
    (state as { operations: Record<TOperation, OperationState> }).operations;
  for (const operation of Object.keys(endpointOf) as TOperation[]) {
    const endpoint = endpointOf[operation];
    builder
      .addMatcher(endpoint.matchPending, (state) => {
        operations(state)[operation].loading = true;
      })
      .addMatcher(endpoint.matchFulfilled, (state) => {
        operations(state)[operation] = { loading: false, success: true, error: null };
      })
      .addMatcher(endpoint.matchRejected, (state, action) => {
        if (action.meta.condition) return;
        const message = getErrorEnvelope(action.payload)?.message;
        operations(state)[operation] = {
          loading: false,
          success: false,
          error: message || fallback(operation),
        };
      });
  }
};
