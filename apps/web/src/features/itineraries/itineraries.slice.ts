import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { EMPTY_PAGINATION, type Itinerary, type Pagination } from '@safarnama/contract';
import { rootReducer } from '../../app/store';
import { getErrorEnvelope } from '../../lib/errors';
import { itinerariesApi } from './itineraries.api';

/** The itinerary operations of spec §4, each going null → success or error. */
export const ITINERARY_OPERATIONS = [
  'list',
  'create',
  'update',
  'delete',
  'toggleStatus',
  'addGalleryImages',
  'removeGalleryImage',
] as const;
export type ItineraryOperation = (typeof ITINERARY_OPERATIONS)[number];

export interface ItineraryOperationState {
  loading: boolean;
  /** null: reset (or never run); true: the last call succeeded; false: it failed. */
  success: boolean | null;
  error: string | null;
}

export interface ItinerariesState {
  operations: Record<ItineraryOperation, ItineraryOperationState>;
  /** The itineraries of the last list answer (a delete removes its item from here). */
  items: Itinerary[];
  pagination: Pagination;
}

/** Spec §8: "No response from server in admin service actions: status 500, 'An error occurred'". */
export const ADMIN_SERVICE_FALLBACK = 'An error occurred';

const idle = (): ItineraryOperationState => ({ loading: false, success: null, error: null });

export const initialItinerariesState = (): ItinerariesState => ({
  operations: {
    list: idle(),
    create: idle(),
    update: idle(),
    delete: idle(),
    toggleStatus: idle(),
    addGalleryImages: idle(),
    removeGalleryImage: idle(),
  },
  items: [],
  pagination: { ...EMPTY_PAGINATION },
});

const { endpoints } = itinerariesApi;
const ENDPOINT_OF = {
  list: endpoints.listItineraries,
  create: endpoints.createItinerary,
  update: endpoints.updateItinerary,
  delete: endpoints.deleteItinerary,
  toggleStatus: endpoints.toggleItineraryStatus,
  addGalleryImages: endpoints.addItineraryGalleryImages,
  removeGalleryImage: endpoints.removeItineraryGalleryImage,
} as const;

const replaceItem = (state: ItinerariesState, item: Itinerary): void => {
  const index = state.items.findIndex((held) => held._id === item._id);
  if (index >= 0) state.items[index] = item;
};

/**
 * Spec §4 for itineraries on top of RTK Query: success and error are kept per operation (request
 * → success with the error cleared, or failure with the server's message, else 'An error
 * occurred'); the held list follows the list answers, a successful delete removes the item with the
 * matching `_id`, and an answered record (update, toggle, gallery) replaces its held copy.
 */
export const itinerariesSlice = createSlice({
  name: 'itineraries',
  initialState: initialItinerariesState,
  reducers: {
    /** Sets an operation's success flag back to null and forgets its error. */
    reset: (state, action: PayloadAction<ItineraryOperation>) => {
      state.operations[action.payload] = idle();
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(endpoints.listItineraries.matchFulfilled, (state, action) => {
        state.items = action.payload.itineraries;
        state.pagination = action.payload.pagination;
      })
      .addMatcher(endpoints.deleteItinerary.matchFulfilled, (state, action) => {
        const id = action.payload._id || action.meta.arg.originalArgs;
        state.items = state.items.filter((item) => item._id !== id);
      })
      .addMatcher(endpoints.updateItinerary.matchFulfilled, (state, action) => {
        replaceItem(state, action.payload);
      })
      .addMatcher(endpoints.toggleItineraryStatus.matchFulfilled, (state, action) => {
        replaceItem(state, action.payload);
      })
      .addMatcher(endpoints.addItineraryGalleryImages.matchFulfilled, (state, action) => {
        replaceItem(state, action.payload);
      })
      .addMatcher(endpoints.removeItineraryGalleryImage.matchFulfilled, (state, action) => {
        replaceItem(state, action.payload);
      });
    for (const operation of ITINERARY_OPERATIONS) {
      const endpoint = ENDPOINT_OF[operation];
      builder
        .addMatcher(endpoint.matchPending, (state) => {
          state.operations[operation].loading = true;
        })
        .addMatcher(endpoint.matchFulfilled, (state) => {
          state.operations[operation] = { loading: false, success: true, error: null };
        })
        .addMatcher(endpoint.matchRejected, (state, action) => {
          // A call skipped because the same one is already running is no failure.
          if (action.meta.condition) return;
          const message = getErrorEnvelope(action.payload)?.message;
          state.operations[operation] = {
            loading: false,
            success: false,
            error: message || ADMIN_SERVICE_FALLBACK,
          };
        });
    }
  },
  selectors: {
    selectItineraryOperation: (state, operation: ItineraryOperation) => state.operations[operation],
    selectItineraryItems: (state) => state.items,
    selectItineraryPagination: (state) => state.pagination,
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface LazyLoadedSlices extends WithSlice<typeof itinerariesSlice> {}
}

/** Registered with the store when this feature's code loads (see `LazyLoadedSlices`). */
export const injectedItinerariesSlice = itinerariesSlice.injectInto(rootReducer);

export const { reset: resetItineraryOperation } = itinerariesSlice.actions;
export const { selectItineraryOperation, selectItineraryItems, selectItineraryPagination } =
  injectedItinerariesSlice.selectors;
