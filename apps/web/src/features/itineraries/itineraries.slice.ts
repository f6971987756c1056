import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { EMPTY_PAGINATION, type Itinerary, type Pagination } from '@safarnama/contract';
import { rootReducer } from '../../app/store';
import { idleOperation, trackOperations, type OperationState } from '../../lib/operationStates';
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

export interface ItinerariesState {
  operations: Record<ItineraryOperation, OperationState>;
  /** The itineraries of the last list answer (a delete removes its item from here). */
  items: Itinerary[];
  pagination: Pagination;
}

/** Spec §8: "No response from server in admin service actions: status 500, 'An error occurred'". */
export const ADMIN_SERVICE_FALLBACK = 'An error occurred';

export const initialItinerariesState = (): ItinerariesState => ({
  operations: {
    list: idleOperation(),
    create: idleOperation(),
    update: idleOperation(),
    delete: idleOperation(),
    toggleStatus: idleOperation(),
    addGalleryImages: idleOperation(),
    removeGalleryImage: idleOperation(),
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
      state.operations[action.payload] = idleOperation();
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
    trackOperations(builder, ENDPOINT_OF, () => ADMIN_SERVICE_FALLBACK);
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
