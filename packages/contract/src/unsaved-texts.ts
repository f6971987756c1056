/*
 * Without zod (the pages that ask before losing work import it; \`forms.ts\` has schemas).
 */
/**
 * Issue 20, "lost work": what the web asks before unsaved changes are thrown away (a dirty form
 * modal closed, a route left, the admin signing out while a screen holds changes).
 */
export const UNSAVED_CHANGES_TEXTS = {
  title: 'Discard unsaved changes?',
  message: 'Your changes have not been saved. If you leave now, they will be lost.',
  keepEditing: 'Keep editing',
  discard: 'Discard',
  /** Beside a page's save button while it holds changes. */
  pendingNote: 'You have unsaved changes.',
} as const;
