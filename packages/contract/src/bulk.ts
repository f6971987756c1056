/**
 * Issue 24: bulk actions on the list pages, `POST /api/v1/admin/bulk` (`API_PATHS.bulk`). The
 * body is `{data: {entity, action, ids}}` (at most `BULK_LIMIT` ids); the answer's `data` says per
 * id what happened and sums it up. Zod-free on purpose: the five list pages import these texts,
 * and a zod import would pull its chunk into them (the schemas are in `bulk-schema.ts`).
 */

/** The records the bulk call acts on: issue 21's revision entities, plus places. */
export const BULK_ENTITIES = [
  'itinerary',
  'blog',
  'place',
  'place-details',
  'image-library',
] as const;
export type BulkEntity = (typeof BULK_ENTITIES)[number];

export const BULK_ACTIONS = ['activate', 'deactivate', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Ids one call may name (after removing repeats the answer has one result per distinct id). */
export const BULK_LIMIT = 500;

/** What happened to one id. */
export const BULK_STATUSES = ['done', 'forbidden', 'not_found', 'in_use'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

/** The permission module whose `update` activates / deactivates and whose `delete` deletes. */
export const BULK_PERMISSION_MODULE = {
  itinerary: 'itineraries',
  blog: 'blogs',
  place: 'geography',
  'place-details': 'place-details',
  'image-library': 'image-libraries',
} as const satisfies Record<BulkEntity, string>;

export interface BulkRequest {
  entity: BulkEntity;
  action: BulkAction;
  ids: string[];
}

export interface BulkResult {
  _id: string;
  status: BulkStatus;
  /** Why it was not done (the 409's text for `in_use`), or 'Already active' / 'Already inactive'. */
  message?: string;
}

export type BulkSummary = Record<BulkStatus, number>;

/** The answer's `data`. */
export interface BulkOutcome {
  results: BulkResult[];
  summary: BulkSummary;
}

export const BULK_MESSAGES = {
  done: 'Bulk action completed',
  alreadyActive: 'Already active',
  alreadyInactive: 'Already inactive',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  tooMany: `Choose at most ${BULK_LIMIT} records`,
  noIds: 'Choose at least one record',
  badId: 'Not a valid id',
} as const;

/** How each status reads in the result line ('2 done, 1 in use'). */
export const BULK_STATUS_LABELS: Record<BulkStatus, string> = {
  done: 'done',
  forbidden: 'not allowed',
  not_found: 'not found',
  in_use: 'in use',
};

const ACTION_LABELS: Record<BulkAction, string> = {
  activate: 'Activate',
  deactivate: 'Deactivate',
  delete: 'Delete',
};

/** The list pages' selection bar, its confirmation and its toasts. */
export const BULK_TEXTS = {
  /** The bar's count ('3 selected'). */
  selected: (count: number) => `${count} selected`,
  actions: ACTION_LABELS,
  clear: 'Clear selection',
  /** The header checkbox. */
  selectPage: 'Select all on this page',
  /** A row's checkbox ('Select Goa Beaches'). */
  selectRow: (name: string) => `Select ${name}`,
  /** The bar's landmark name. */
  barLabel: 'Bulk actions',
  confirmTitle: (count: number) => `Delete ${count} ${count === 1 ? 'record' : 'records'}?`,
  confirmMessage: (count: number) =>
    `The ${count === 1 ? 'selected record' : `${count} selected records`} will be deleted. Records that are still in use are kept. This cannot be undone.`,
  confirm: 'Delete',
  failed: 'The bulk action failed. Nothing was changed.',
} as const;

/**
 * The result line: '2 done, 1 in use: Goa Beaches'. Statuses with no ids are left out; the names
 * (`nameOf`, when the page knows them) follow each failure, the first three and 'and N more'.
 */
export const bulkResultText = (
  { results, summary }: BulkOutcome,
  nameOf: (id: string) => string | undefined = () => undefined,
): string =>
  BULK_STATUSES.filter((status) => summary[status] > 0)
    .map((status) => {
      const head = `${summary[status]} ${BULK_STATUS_LABELS[status]}`;
      if (status === 'done') return head;
      const names = results
        .filter((result) => result.status === status)
        .map((result) => nameOf(result._id))
        .filter((name): name is string => name !== undefined);
      if (names.length === 0) return head;
      const shown = names.slice(0, 3).join(', ');
      return `${head}: ${shown}${names.length > 3 ? ` and ${names.length - 3} more` : ''}`;
    })
    .join(', ') || '0 done';
