import type { BlogStatus } from '@safarnama/contract';
import { STATUS_LABELS } from './format';

export const BlogStatusPill = ({ status }: { status: BlogStatus }) => (
  <span
    className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${
      status === 'published'
        ? 'bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300'
        : 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300'
    }`}
  >
    {STATUS_LABELS[status]}
  </span>
);
