import type { ButtonHTMLAttributes } from 'react';
import { iconButtonClasses } from './Form';

const PATHS = {
  up: 'M14.78 11.78a.75.75 0 0 1-1.06 0L10 8.06l-3.72 3.72a.75.75 0 1 1-1.06-1.06l4.25-4.25a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06Z',
  down: 'M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z',
  delete:
    'M8.75 1A2.75 2.75 0 0 0 6 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 1 0 .23 1.482l.149-.022.841 10.518A2.75 2.75 0 0 0 7.596 19h4.807a2.75 2.75 0 0 0 2.742-2.53l.841-10.52.149.023a.75.75 0 0 0 .23-1.482A41.03 41.03 0 0 0 14 4.193V3.75A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.673.025 2.5.075V3.75c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.325C8.327 4.025 9.16 4 10 4ZM8.58 7.72a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.34.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z',
} as const;

interface ItemButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'children' | 'aria-label'
> {
  /** The arrow (move up / down) or the bin (delete) it shows. */
  icon: keyof typeof PATHS;
  /** Its accessible name ('Move up', 'Delete day 2'), also the tooltip unless `title` says else. */
  label: string;
}

/**
 * A square icon button beside a list item: move it up or down, or delete it. Delete is red in
 * both themes.
 */
export const ItemButton = ({ icon, label, title, className = '', ...rest }: ItemButtonProps) => (
  <button
    type="button"
    aria-label={label}
    title={title ?? label}
    className={`${iconButtonClasses} ${icon === 'delete' ? 'text-red-600 hover:text-red-700 dark:text-red-400' : ''} ${className}`}
    {...rest}
  >
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
      <path fillRule="evenodd" d={PATHS[icon]} clipRule="evenodd" />
    </svg>
  </button>
);
