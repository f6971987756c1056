import { useDropzone, type Accept, type FileRejection } from 'react-dropzone';

interface ImageDropzoneProps {
  /** MIME type → extensions, e.g. the contract's LIBRARY_UPLOAD_ACCEPT. */
  accept: Readonly<Record<string, readonly string[]>>;
  maxSize: number;
  minSize: number;
  /** Most files one drop may add (react-dropzone refuses a larger drop as a whole). */
  maxFiles: number;
  /** Names of the accepted types for the messages, e.g. 'JPEG, PNG or GIF'. */
  typesLabel: string;
  disabled?: boolean;
  /** One file at a time (a cover photo, a flag) instead of several (default true). */
  multiple?: boolean;
  /** Accessible name of the drop area (default 'Upload images'). */
  label?: string;
  onDrop: (files: File[], rejections: string[]) => void;
}

const MB = 1024 * 1024;

export const formatMegabytes = (bytes: number): string =>
  `${Number.isInteger(bytes / MB) ? bytes / MB : (bytes / MB).toFixed(1)} MB`;

/**
 * One clear line per refused file: wrong type, too large, too small; a refused drop of too many
 * files is one 'Too many files'.
 */
export const rejectionMessages = (
  rejections: readonly FileRejection[],
  limits: { maxSize: number; typesLabel: string },
): string[] => {
  const messages: string[] = [];
  let tooMany = false;
  for (const { file, errors } of rejections) {
    for (const error of errors) {
      switch (error.code) {
        case 'too-many-files':
          tooMany = true;
          break;
        case 'file-invalid-type':
          messages.push(`${file.name}: File type must be ${limits.typesLabel}`);
          break;
        case 'file-too-large':
          messages.push(`${file.name}: File is larger than ${formatMegabytes(limits.maxSize)}`);
          break;
        case 'file-too-small':
          messages.push(`${file.name}: File is too small`);
          break;
        default:
          messages.push(`${file.name}: ${error.message}`);
      }
    }
  }
  return tooMany ? ['Too many files', ...messages] : messages;
};

/** Drag-and-drop (or click / keyboard to browse) image uploader on react-dropzone. */
export const ImageDropzone = ({
  accept,
  maxSize,
  minSize,
  maxFiles,
  typesLabel,
  disabled = false,
  multiple = true,
  label = 'Upload images',
  onDrop,
}: ImageDropzoneProps) => {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: Object.fromEntries(
      Object.entries(accept).map(([type, extensions]) => [type, [...extensions]]),
    ) as Accept,
    maxSize,
    minSize,
    maxFiles,
    multiple,
    disabled,
    onDrop: (accepted, rejected) => {
      onDrop(accepted, rejectionMessages(rejected, { maxSize, typesLabel }));
    },
  });
  const extensions = [...new Set(Object.values(accept).flat())]
    .map((extension) => extension.replace('.', '').toUpperCase())
    .join(', ');
  return (
    <div
      {...getRootProps({
        'aria-label': label,
        'aria-disabled': disabled || undefined,
        className: `flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none ${
          isDragActive
            ? 'border-teal-500 bg-teal-50 dark:bg-teal-400/10'
            : 'border-slate-300 bg-slate-50 hover:border-teal-400 dark:border-slate-700 dark:bg-slate-900/60 dark:hover:border-teal-500'
        } ${disabled ? 'pointer-events-none opacity-60' : ''}`,
      })}
    >
      <input
        {...getInputProps({
          'aria-label': multiple ? 'Choose image files' : 'Choose an image file',
        })}
      />
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden="true"
        className="size-8 text-slate-500"
      >
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5m-13.5-9L12 3m0 0 4.5 4.5M12 3v13.5"
        />
      </svg>
      <p className="mt-2 text-sm font-medium text-slate-700 dark:text-slate-200">
        {multiple
          ? isDragActive
            ? 'Drop the images here'
            : 'Drag and drop images here, or click to browse'
          : isDragActive
            ? 'Drop the image here'
            : 'Drag and drop an image here, or click to browse'}
      </p>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {multiple
          ? `${extensions} · up to ${formatMegabytes(maxSize)} each · at most ${maxFiles} files at once`
          : `${extensions} · up to ${formatMegabytes(maxSize)}`}
      </p>
    </div>
  );
};
