import { lazy, Suspense, type ComponentProps } from 'react';
import { loadWithTimeout } from '../lazy';

const EditingNote = lazy(() =>
  loadWithTimeout(() => import('./EditingNote')).then((module) => ({
    default: module.EditingNote,
  })),
);

/**
 * `EditingNote` in a chunk of its own, for a page whose chunk is near its budget (Homepage
 * Settings): the page adds only this wrapper; the note and the presence store come with the
 * layout's socket code or on their own.
 */
export const LazyEditingNote = (props: ComponentProps<typeof EditingNote>) => (
  <Suspense fallback={null}>
    <EditingNote {...props} />
  </Suspense>
);
