import { describe, expect, it } from 'vitest';
import { EMPTY_PAGINATION, makePagination } from '@safarnama/contract';
import { makeStore } from '../../app/store';
import { okEnvelope, stubFetch, stubXhr, okResponse, errorResponse } from '../../test/utils';
import { itinerariesApi } from './itineraries.api';
import {
  ITINERARY_OPERATIONS,
  resetItineraryOperation,
  selectItineraryItems,
  selectItineraryOperation,
  selectItineraryPagination,
} from './itineraries.slice';
import { listAnswer, makeItinerary } from './test-data';

const { endpoints } = itinerariesApi;
const settle = async (result: { unwrap: () => Promise<unknown> }) => {
  await result.unwrap().catch(() => undefined);
};
const LIST_ARGS = { page: 1, limit: 10, search: '' };
const one = makeItinerary(1);
const two = makeItinerary(2);
const input = {
  title: 'T',
  duration: '2 Days',
  languages: ['English' as const],
  countryId: 'c1',
  stateId: 's1',
  placeId: 'p1',
};

describe('itineraries slice (spec §4)', () => {
  it('starts with every operation null, no items and the default pagination', () => {
    const state = makeStore().getState();
    for (const operation of ITINERARY_OPERATIONS) {
      expect(selectItineraryOperation(state, operation)).toEqual({
        loading: false,
        success: null,
        error: null,
      });
    }
    expect(selectItineraryItems(state)).toEqual([]);
    expect(selectItineraryPagination(state)).toEqual(EMPTY_PAGINATION);
  });

  it('list: loading while asked, then holds the items and pagination', async () => {
    const pagination = makePagination(12, 1, 10);
    stubFetch(() => okResponse(listAnswer([one, two], pagination)));
    const store = makeStore();
    const pending = store.dispatch(endpoints.listItineraries.initiate(LIST_ARGS));
    expect(selectItineraryOperation(store.getState(), 'list').loading).toBe(true);
    await pending;
    expect(selectItineraryOperation(store.getState(), 'list')).toEqual({
      loading: false,
      success: true,
      error: null,
    });
    expect(selectItineraryItems(store.getState()).map((item) => item._id)).toEqual([
      one._id,
      two._id,
    ]);
    expect(selectItineraryPagination(store.getState())).toEqual(pagination);
  });

  it('failures keep the server message per operation, else "An error occurred"', async () => {
    stubFetch((call) =>
      call.method === 'POST'
        ? errorResponse(400, 'VALIDATION_ERROR', 'Group size must be at least 1', [
            { path: 'groupSize', message: 'Group size must be at least 1' },
          ])
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    const store = makeStore();
    await settle(
      store.dispatch(endpoints.createItinerary.initiate({ input, idempotencyKey: 'key-1' })),
    );
    await settle(store.dispatch(endpoints.toggleItineraryStatus.initiate(one._id)));
    const state = store.getState();
    expect(selectItineraryOperation(state, 'create')).toEqual({
      loading: false,
      success: false,
      error: 'Group size must be at least 1',
    });
    expect(selectItineraryOperation(state, 'toggleStatus')).toEqual({
      loading: false,
      success: false,
      error: 'An error occurred',
    });
    // The other operations are untouched.
    expect(selectItineraryOperation(state, 'update').success).toBeNull();
  });

  it('a later success clears the error; reset sets success back to null', async () => {
    let fail = true;
    stubFetch(() =>
      fail
        ? errorResponse(404, 'NOT_FOUND', 'Itinerary not found')
        : okResponse({ data: { ...one, isActive: false } }),
    );
    const store = makeStore();
    await settle(store.dispatch(endpoints.toggleItineraryStatus.initiate(one._id)));
    expect(selectItineraryOperation(store.getState(), 'toggleStatus').error).toBe(
      'Itinerary not found',
    );
    fail = false;
    await settle(store.dispatch(endpoints.toggleItineraryStatus.initiate(one._id)));
    expect(selectItineraryOperation(store.getState(), 'toggleStatus')).toEqual({
      loading: false,
      success: true,
      error: null,
    });
    store.dispatch(resetItineraryOperation('toggleStatus'));
    expect(selectItineraryOperation(store.getState(), 'toggleStatus').success).toBeNull();
  });

  it('delete removes the item with the matching _id from the held list', async () => {
    stubFetch((call) =>
      call.method === 'DELETE'
        ? okResponse({ _id: one._id, id: one._id })
        : okResponse(listAnswer([one, two])),
    );
    const store = makeStore();
    const list = store.dispatch(endpoints.listItineraries.initiate(LIST_ARGS));
    await list;
    // No subscriber left, so the delete's invalidation does not reload the list: what changes
    // the held list is the slice.
    list.unsubscribe();
    await settle(store.dispatch(endpoints.deleteItinerary.initiate(one._id)));
    expect(selectItineraryOperation(store.getState(), 'delete').success).toBe(true);
    expect(selectItineraryItems(store.getState()).map((item) => item._id)).toContain(two._id);
    expect(selectItineraryItems(store.getState()).map((item) => item._id)).not.toContain(one._id);
  });

  it('toggle and gallery answers replace the held copy', async () => {
    const withImage = { ...one, gallery: [] };
    stubFetch((call) =>
      call.method === 'PATCH'
        ? okResponse({ data: { ...one, isActive: false } })
        : okResponse(listAnswer([one, two])),
    );
    stubXhr(() => ({
      status: 200,
      body: okEnvelope({ data: { ...withImage, title: 'Renamed' } }),
    }));
    const store = makeStore();
    const list = store.dispatch(endpoints.listItineraries.initiate(LIST_ARGS));
    await list;
    list.unsubscribe();
    await settle(store.dispatch(endpoints.toggleItineraryStatus.initiate(one._id)));
    expect(selectItineraryItems(store.getState())[0]?.isActive).toBe(false);
    await settle(
      store.dispatch(
        endpoints.addItineraryGalleryImages.initiate({ id: one._id, body: new FormData() }),
      ),
    );
    expect(selectItineraryOperation(store.getState(), 'addGalleryImages').success).toBe(true);
    expect(selectItineraryItems(store.getState())[0]?.title).toBe('Renamed');
  });
});
