import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { EMPTY_PAGINATION, IMAGE_LIBRARY_MESSAGES, type Pagination } from '@safarnama/contract';
import { rootReducer } from '../../app/store';
import { idleOperation, trackOperations, type OperationState } from '../../lib/operationStates';
import { imageLibrariesApi, imageLibraryUploadProgress } from './imageLibraries.api';

/** The operations of spec §4, each going request → success or failure. */
export const IMAGE_LIBRARY_OPERATIONS = [
  'list',
  'create',
  'update',
  'updateImages',
  'delete',
  'toggleStatus',
] as const;
export type ImageLibraryOperation = (typeof IMAGE_LIBRARY_OPERATIONS)[number];

export interface ImageLibrariesState {
  operations: Record<ImageLibraryOperation, OperationState>;
  /** Pagination of the last list answer (spec §3 default: total 0, page 1, limit 10, …). */
  pagination: Pagination;
  /** Id of the library the last successful delete removed. */
  deletedId: string | null;
  /** Share of the running upload sent so far (0..1), null when none runs. */
  uploadProgress: number | null;
}

/** Store fallbacks of spec §8, used when the server answered no message. */
export const OPERATION_FALLBACKS: Record<ImageLibraryOperation, string> = {
  list: IMAGE_LIBRARY_MESSAGES.fetchFailed,
  create: IMAGE_LIBRARY_MESSAGES.createFailed,
  update: IMAGE_LIBRARY_MESSAGES.updateFailed,
  updateImages: IMAGE_LIBRARY_MESSAGES.updateImagesFailed,
  delete: IMAGE_LIBRARY_MESSAGES.deleteFailed,
  toggleStatus: IMAGE_LIBRARY_MESSAGES.toggleFailed,
};

export const initialImageLibrariesState = (): ImageLibrariesState => ({
  operations: {
    list: idleOperation(),
    create: idleOperation(),
    update: idleOperation(),
    updateImages: idleOperation(),
    delete: idleOperation(),
    toggleStatus: idleOperation(),
  },
  pagination: { ...EMPTY_PAGINATION },
  deletedId: null,
  uploadProgress: null,
});

const { endpoints } = imageLibrariesApi;
const ENDPOINT_OF = {
  list: endpoints.listImageLibraries,
  create: endpoints.createImageLibrary,
  update: endpoints.updateImageLibrary,
  updateImages: endpoints.updateImageLibraryImages,
  delete: endpoints.deleteImageLibrary,
  toggleStatus: endpoints.toggleImageLibraryStatus,
} as const;

const UPLOADS: ReadonlySet<ImageLibraryOperation> = new Set(['create', 'updateImages']);

/**
 * Spec §4 store semantics on top of RTK Query: it listens to each endpoint's pending / fulfilled /
 * rejected actions, so components use the generated hooks and this slice keeps the per-operation
 * flags, the list's pagination, the deleted id and the upload progress. On success the error is
 * cleared; on failure the error is the server's message, else the fallback of spec §8.
 */
export const imageLibrariesSlice = createSlice({
  name: 'imageLibraries',
  initialState: initialImageLibrariesState,
  reducers: {
    /** Sets an operation's success flag back to null (and forgets its error). */
    reset: (state, action: PayloadAction<ImageLibraryOperation>) => {
      const operation = state.operations[action.payload];
      operation.success = null;
      operation.error = null;
      if (action.payload === 'delete') state.deletedId = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(imageLibraryUploadProgress, (state, action) => {
        state.uploadProgress = Math.min(1, Math.max(0, action.payload));
      })
      .addMatcher(endpoints.listImageLibraries.matchFulfilled, (state, action) => {
        state.pagination = action.payload.pagination;
      })
      .addMatcher(endpoints.deleteImageLibrary.matchFulfilled, (state, action) => {
        state.deletedId =
          action.payload._id || action.payload.id || action.meta.arg.originalArgs.id;
      });
    trackOperations(builder, ENDPOINT_OF, (operation) => OPERATION_FALLBACKS[operation]);
    // The upload progress lives from an upload's request until it ends (not a skipped repeat).
    for (const operation of UPLOADS) {
      const endpoint = ENDPOINT_OF[operation];
      builder
        .addMatcher(endpoint.matchPending, (state) => {
          state.uploadProgress = 0;
        })
        .addMatcher(endpoint.matchFulfilled, (state) => {
          state.uploadProgress = null;
        })
        .addMatcher(endpoint.matchRejected, (state, action) => {
          if (!action.meta.condition) state.uploadProgress = null;
        });
    }
  },
  selectors: {
    selectOperation: (state, operation: ImageLibraryOperation) => state.operations[operation],
    selectPagination: (state) => state.pagination,
    selectDeletedId: (state) => state.deletedId,
    selectUploadProgress: (state) => state.uploadProgress,
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface LazyLoadedSlices extends WithSlice<typeof imageLibrariesSlice> {}
}

/** Registered with the store when this feature's code loads (see `LazyLoadedSlices`). */
export const injectedImageLibrariesSlice = imageLibrariesSlice.injectInto(rootReducer);

export const { reset: resetImageLibraryOperation } = imageLibrariesSlice.actions;
export const { selectOperation, selectPagination, selectDeletedId, selectUploadProgress } =
  injectedImageLibrariesSlice.selectors;
