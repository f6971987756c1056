import { useLayoutEffect, useRef } from 'react';

/**
 * Focus goes back to what opened a dialog when it closes (WCAG 2.4.3). Our dialogs are opened from
 * state, not through a Radix trigger, so Radix would drop focus on the page's body: this keeps the
 * element that had focus when `open` became true and gives the dialog's close-auto-focus handler
 * that puts it back (when it is still on the page; else Radix's default stands).
 */
export const useReturnFocus = (open: boolean): ((event: Event) => void) => {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's focus scope moves focus into it.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) {
      opener.current = document.activeElement;
    }
  }, [open]);
  return (event) => {
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected && element !== document.body) {
      event.preventDefault();
      element.focus();
    }
  };
};
