import { describe, expect, it } from 'vitest';
import { EMPTY_PAGINATION, makePagination } from '@safarnama/contract';
import { makeStore } from '../../app/store';
import { okEnvelope, stubFetch, stubXhr, okResponse, errorResponse } from '../../test/utils';
import { imageLibrariesApi } from './imageLibraries.api';
import {
  imageLibrariesSlice,
  initialImageLibrariesState,
  resetImageLibraryOperation,
  selectDeletedId,
  selectOperation,
  selectPagination,
  selectUploadProgress,
} from './imageLibraries.slice';
import { listAnswer, makeLibrary } from './test-data';

const { endpoints } = imageLibrariesApi;
/** Waits for a call to end, whatever its outcome (the slice records it). */
const settle = async (result: { unwrap: () => Promise<unknown> }) => {
  await result.unwrap().catch(() => undefined);
};

describe('image libraries slice (spec §4)', () => {
  it('starts with every operation reset and the default pagination', () => {
    const store = makeStore();
    const state = store.getState();
    expect(selectPagination(state)).toEqual({
      total: 0,
      page: 1,
      limit: 10,
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
    });
    expect(selectPagination(state)).toEqual(EMPTY_PAGINATION);
    for (const operation of [
      'list',
      'create',
      'update',
      'updateImages',
      'delete',
      'toggleStatus',
    ] as const) {
      expect(selectOperation(state, operation)).toEqual({
        loading: false,
        success: null,
        error: null,
      });
    }
    expect(selectDeletedId(state)).toBeNull();
  });

  it('list: request → loading, success keeps the pagination and clears the error', async () => {
    const pagination = makePagination(25, 2, 10);
    let fail = true;
    stubFetch(() =>
      fail
        ? errorResponse(403, 'FORBIDDEN', 'You do not have permission')
        : okResponse(listAnswer([makeLibrary(1)], pagination)),
    );
    const store = makeStore();
    await settle(
      store.dispatch(endpoints.listImageLibraries.initiate({ page: 2, limit: 10, search: '' })),
    );
    expect(selectOperation(store.getState(), 'list')).toEqual({
      loading: false,
      success: false,
      error: 'You do not have permission',
    });

    fail = false;
    const pending = store.dispatch(
      endpoints.listImageLibraries.initiate(
        { page: 2, limit: 10, search: '' },
        { forceRefetch: true },
      ),
    );
    expect(selectOperation(store.getState(), 'list').loading).toBe(true);
    await pending;
    expect(selectOperation(store.getState(), 'list')).toEqual({
      loading: false,
      success: true,
      error: null,
    });
    expect(selectPagination(store.getState())).toEqual(pagination);
  });

  it('uses the spec §8 fallbacks when the server gives no message', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 500 }));
    const store = makeStore();
    const id = makeLibrary(1)._id;
    await settle(
      store.dispatch(endpoints.listImageLibraries.initiate({ page: 1, limit: 10, search: '' })),
    );
    const fields = { title: 'T', description: '', month: 'All Months' } as const;
    await settle(
      store.dispatch(endpoints.createImageLibrary.initiate({ fields, idempotencyKey: 'key-1' })),
    );
    await settle(store.dispatch(endpoints.updateImageLibrary.initiate({ id, fields })));
    await settle(store.dispatch(endpoints.deleteImageLibrary.initiate({ id })));
    await settle(store.dispatch(endpoints.toggleImageLibraryStatus.initiate(id)));
    stubXhr(() => 'network-error');
    await settle(
      store.dispatch(endpoints.updateImageLibraryImages.initiate({ id, body: new FormData() })),
    );
    const state = store.getState();
    expect(selectOperation(state, 'list').error).toBe('Failed to fetch image libraries');
    expect(selectOperation(state, 'create').error).toBe('Failed to create image library');
    expect(selectOperation(state, 'update').error).toBe('Failed to update image library');
    expect(selectOperation(state, 'delete').error).toBe('Failed to delete image library');
    expect(selectOperation(state, 'toggleStatus').error).toBe(
      'Failed to toggle image library status',
    );
    expect(selectOperation(state, 'updateImages')).toEqual({
      loading: false,
      success: false,
      error: 'Failed to update image library images',
    });
    // The busy state of the images upload is over too.
    expect(selectUploadProgress(state)).toBeNull();
  });

  it('delete success carries the deleted id; reset sets success back to null', async () => {
    const library = makeLibrary(7);
    stubFetch(() => okResponse({ _id: library._id, id: library.id }));
    const store = makeStore();
    await settle(store.dispatch(endpoints.deleteImageLibrary.initiate({ id: library._id })));
    expect(selectOperation(store.getState(), 'delete')).toEqual({
      loading: false,
      success: true,
      error: null,
    });
    expect(selectDeletedId(store.getState())).toBe(library._id);

    store.dispatch(resetImageLibraryOperation('delete'));
    expect(selectOperation(store.getState(), 'delete').success).toBeNull();
    expect(selectDeletedId(store.getState())).toBeNull();
  });

  it('a later success clears an earlier error (toggle)', async () => {
    const library = makeLibrary(3);
    let fail = true;
    stubFetch(() =>
      fail
        ? errorResponse(404, 'NOT_FOUND', 'Image library not found')
        : okResponse({ ...library, status: 'inactive' }),
    );
    const store = makeStore();
    await settle(store.dispatch(endpoints.toggleImageLibraryStatus.initiate(library._id)));
    expect(selectOperation(store.getState(), 'toggleStatus').error).toBe('Image library not found');
    fail = false;
    await settle(store.dispatch(endpoints.toggleImageLibraryStatus.initiate(library._id)));
    expect(selectOperation(store.getState(), 'toggleStatus')).toEqual({
      loading: false,
      success: true,
      error: null,
    });
  });

  it('updateImages reports upload progress while it runs and clears it at the end', async () => {
    const library = makeLibrary(2);
    const store = makeStore();
    let progressWhenAnswered: number | null = null;
    let loadingWhenAnswered = false;
    stubXhr(() => {
      // The transport reported 50 % and 100 % of the body sent before the server answered.
      progressWhenAnswered = selectUploadProgress(store.getState());
      loadingWhenAnswered = selectOperation(store.getState(), 'updateImages').loading;
      return { status: 200, body: okEnvelope(library) };
    });
    const pending = store.dispatch(
      endpoints.updateImageLibraryImages.initiate({ id: library._id, body: new FormData() }),
    );
    await pending;
    expect(loadingWhenAnswered).toBe(true);
    expect(progressWhenAnswered).toBe(1);
    expect(selectUploadProgress(store.getState())).toBeNull();
    expect(selectOperation(store.getState(), 'updateImages')).toEqual({
      loading: false,
      success: true,
      error: null,
    });
  });

  it('the reducer alone follows the same rules', () => {
    const state = imageLibrariesSlice.reducer(
      initialImageLibrariesState(),
      resetImageLibraryOperation('list'),
    );
    expect(state.operations.list.success).toBeNull();
  });
});
