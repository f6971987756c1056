/**
 * Production hardening of spec §9: console output silenced, the context menu and the developer
 * tool shortcuts (F12, Ctrl+Shift+I/J/C, Ctrl+U) blocked. Only in production builds; never in
 * development or tests. These are deterrents, not security: nothing secret lives in the browser.
 */
const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'table'] as const;

const noop = (): void => undefined;

export const isBlockedShortcut = (
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): boolean => {
  const key = event.key.toUpperCase();
  if (key === 'F12') return true;
  const ctrl = event.ctrlKey || event.metaKey;
  if (ctrl && event.shiftKey && (key === 'I' || key === 'J' || key === 'C')) return true;
  if (ctrl && !event.shiftKey && key === 'U') return true;
  return false;
};

const handleContextMenu = (event: Event): void => {
  event.preventDefault();
};

const handleKeyDown = (event: KeyboardEvent): void => {
  if (isBlockedShortcut(event)) {
    event.preventDefault();
    event.stopPropagation();
  }
};

/** Installs the hardening when `isProduction` is true; returns whether it did. */
export const installHardening = (isProduction: boolean = import.meta.env.PROD): boolean => {
  if (!isProduction) return false;
  for (const method of CONSOLE_METHODS) console[method] = noop;
  document.addEventListener('contextmenu', handleContextMenu);
  document.addEventListener('keydown', handleKeyDown, { capture: true });
  return true;
};
