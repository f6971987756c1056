import { lazy, Suspense } from 'react';
import { loadWithTimeout } from '../../app/lazy';
import type { ShareLinksDialogProps } from './ShareLinksDialog';

/** Starts loading the share dialog's chunk ahead of need (e.g. when the pointer nears 'Share'). */
export const preloadShareLinksDialog = () => loadWithTimeout(() => import('./ShareLinksDialog'));

const ShareLinksDialog = lazy(() =>
  preloadShareLinksDialog().then((module) => ({ default: module.ShareLinksDialog })),
);

/**
 * The share dialog (issue 22), loaded only once an itinerary is given: the itinerary page's chunk
 * stays as it is. `<LazyShareLinksDialog itinerary={row or null} onClose={…} />`.
 */
export const LazyShareLinksDialog = (props: ShareLinksDialogProps) =>
  props.itinerary ? (
    <Suspense fallback={null}>
      <ShareLinksDialog {...props} />
    </Suspense>
  ) : null;
