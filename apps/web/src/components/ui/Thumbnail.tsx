import type { Image } from '@safarnama/contract';
import { Img } from './Img';

interface ThumbnailProps {
  /** The stored image, or nothing: then a neutral placeholder of the same size. */
  image: Image | null | undefined;
  /** Size and shape (Tailwind); the default is a small 4:3 card thumbnail. */
  className?: string;
}

const DEFAULT_SIZE = 'h-12 w-16';

/**
 * A small decorative picture beside a named item (pickers, cards): the text next to it names the
 * item, so the image is `alt=""`. Lazy through `Img` (the 320 px variant). Without an image, a
 * neutral box with a picture outline keeps the rows aligned (`data-thumbnail="empty"`).
 */
export const Thumbnail = ({ image, className = DEFAULT_SIZE }: ThumbnailProps) =>
  image ? (
    <Img
      image={image}
      alt=""
      data-thumbnail="image"
      className={`${className} shrink-0 rounded-md border border-slate-200 object-cover dark:border-slate-700`}
    />
  ) : (
    <span
      aria-hidden="true"
      data-thumbnail="empty"
      className={`${className} flex shrink-0 items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-50 text-slate-400 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-500`}
    >
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-5">
        <path
          fillRule="evenodd"
          d="M1 5.25A2.25 2.25 0 0 1 3.25 3h13.5A2.25 2.25 0 0 1 19 5.25v9.5A2.25 2.25 0 0 1 16.75 17H3.25A2.25 2.25 0 0 1 1 14.75v-9.5Zm1.5 5.81v3.69c0 .41.34.75.75.75h13.5a.75.75 0 0 0 .75-.75v-2.69l-2.22-2.22a.75.75 0 0 0-1.06 0l-1.91 1.9.47.47a.75.75 0 1 1-1.06 1.06L6.53 8.091a.75.75 0 0 0-1.06 0l-2.97 2.97ZM12 7a1 1 0 1 1-2 0 1 1 0 0 1 2 0Z"
          clipRule="evenodd"
        />
      </svg>
    </span>
  );
