import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector } from 'react-redux';
import { baseApi } from './api';
import { authSlice } from '../features/auth/auth.slice';

/**
 * Slices a feature injects when its page loads (`slice.injectInto(rootReducer)`), so their code
 * stays in the page's chunk instead of the first bundle. Each feature adds itself here through
 * declaration merging: `features/image-libraries/imageLibraries.slice.ts` (`imageLibraries`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  authSlice,
  baseApi,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store (tests make one each). */
export const makeStore = (preloadedState?: Partial<RootState>) => {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        // Upload mutations carry files (FormData / File) as their argument, which RTK Query keeps
        // as `originalArgs` of the mutation entry: not serializable, and never persisted.
        serializableCheck: { ignoredPaths: [/^api\.mutations\.[^.]+\.originalArgs/] },
      }).concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
};

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
