import { useEffect, useRef, type RefObject } from 'react';
import { ToastContainer } from 'react-toastify';
import { TOAST } from '@safarnama/contract';

/*
 * The toast stack, loaded after the first paint (app/Toasts.tsx lazy-loads this module with
 * react-toastify, so neither weighs on the sign-in page's JavaScript).
 */

/**
 * The toasts' theme class (`Toastify__toast-theme--app`): one for both themes, coloured in
 * index.css by CSS variables that the `dark` class on <html> switches, so a toast on screen
 * follows a theme change (react-toastify's own light/dark was fixed per toast when it was made).
 */
export const TOAST_THEME = 'app';
/** At most this many toasts at once; more wait their turn, so the stack's height is bounded. */
export const TOAST_VISIBLE_LIMIT = 3;
/** The CSS variable with the bottom edge of the toast stack (dialog panels start below it). */
export const TOAST_OFFSET_VAR = '--toast-offset';
/** Space between the toast stack and a dialog panel below it, in px. */
const OFFSET_GAP = 8;

/** The bottom edge (px from the viewport top) of the toasts on screen; 0 when there is none. */
const toastStackBottom = (root: ParentNode): number => {
  let bottom = 0;
  for (const container of root.querySelectorAll<HTMLElement>('.Toastify__toast-container')) {
    if (!container.querySelector('.Toastify__toast')) continue;
    bottom = Math.max(bottom, container.getBoundingClientRect().bottom);
  }
  return bottom;
};

/**
 * Publishes the toast stack's bottom edge as `--toast-offset` on <html> while toasts are shown
 * (removed when none is): dialog panels (`components/ui/Modal`) sit below it, so toasts never
 * cover a dialog's close button or its actions, at any width. Watches the toasts coming and going
 * (MutationObserver) and their containers' size (ResizeObserver: a toast collapsing on exit, a
 * wrapped message, a rotated phone).
 */
const useToastOffset = (root: RefObject<HTMLDivElement | null>) => {
  useEffect(() => {
    const element = root.current;
    if (!element) return undefined;
    const { style } = document.documentElement;
    const update = (): void => {
      const bottom = toastStackBottom(element);
      if (bottom > 0) style.setProperty(TOAST_OFFSET_VAR, `${Math.ceil(bottom + OFFSET_GAP)}px`);
      else style.removeProperty(TOAST_OFFSET_VAR);
    };
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    const watchContainers = (): void => {
      if (!sizes) return;
      sizes.disconnect();
      for (const container of element.querySelectorAll('.Toastify__toast-container')) {
        sizes.observe(container);
      }
    };
    const changes = new MutationObserver(() => {
      watchContainers();
      update();
    });
    changes.observe(element, { childList: true, subtree: true });
    watchContainers();
    update();
    return () => {
      changes.disconnect();
      sizes?.disconnect();
      style.removeProperty(TOAST_OFFSET_VAR);
    };
  }, [root]);
};

/**
 * Toasts of spec §2/§9: top-right, 5000 ms, draggable by 80 %. Besides (issue 20):
 * - one theme class whose colours follow the app's theme live (`TOAST_THEME`);
 * - announced politely (`role="status"` in the container's `aria-live="polite"` region), errors
 *   assertively (`showToast('error')` gives them `role="alert"`);
 * - at most `TOAST_VISIBLE_LIMIT` at once, and their bottom edge published for dialogs;
 * - clickable, draggable and dismissable while a modal dialog is open (the dialog makes the rest
 *   of the page `pointer-events: none`; the container takes them back, and `Modal` does not treat
 *   a click on a toast as a click outside). They stay above the overlay (z-index 9999).
 */
export const ToastStack = () => {
  const root = useRef<HTMLDivElement>(null);
  useToastOffset(root);
  return (
    <div ref={root} className="contents">
      <ToastContainer
        position={TOAST.position}
        autoClose={TOAST.autoCloseMs}
        draggable={TOAST.draggable}
        draggablePercent={TOAST.draggablePercent}
        theme={TOAST_THEME}
        role="status"
        limit={TOAST_VISIBLE_LIMIT}
        style={{ pointerEvents: 'auto' }}
        newestOnTop
      />
    </div>
  );
};
