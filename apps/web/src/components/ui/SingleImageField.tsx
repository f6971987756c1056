import { useEffect, useId, useRef, useState } from 'react';
import type { Image } from '@safarnama/contract';
import { ImageDropzone } from './ImageDropzone';
import { Img } from './Img';

interface SingleImageFieldProps {
  label: string;
  /** The image already saved, shown until a new file is chosen. */
  currentImage?: Image | null;
  /** The same for owners that only have a URL of it (a logo, an avatar). */
  currentUrl?: string | null;
  /** The newly chosen file, if any. */
  file: File | null;
  onChange: (file: File | null) => void;
  accept: Readonly<Record<string, readonly string[]>>;
  maxSize: number;
  minSize: number;
  typesLabel: string;
  disabled?: boolean;
  error?: string;
}

/**
 * One image (a flag, a cover photo): a preview of the saved image or of the chosen file, a
 * dropzone to choose another, and 'Remove' to drop the chosen file again.
 */
export const SingleImageField = ({
  label,
  currentImage = null,
  currentUrl = null,
  file,
  onChange,
  accept,
  maxSize,
  minSize,
  typesLabel,
  disabled = false,
  error,
}: SingleImageFieldProps) => {
  const labelId = useId();
  const [rejections, setRejections] = useState<string[]>([]);
  // The chosen file's preview is an object URL made when it is dropped, given back when another
  // file replaces it and when the field goes away.
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const urlRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const handleDrop = (files: File[], messages: string[]): void => {
    setRejections(messages);
    const [chosen] = files;
    if (!chosen) return;
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    const url = URL.createObjectURL(chosen);
    urlRef.current = url;
    setPreview({ file: chosen, url });
    onChange(chosen);
  };

  const shownPreview = file && preview?.file === file ? preview.url : null;
  const savedAlt = `Current ${label.toLowerCase()}`;
  const saved = currentImage ? (
    <Img
      image={currentImage}
      sizes="(min-width: 640px) 160px, 100vw"
      alt={savedAlt}
      className="aspect-[4/3] size-full object-cover"
    />
  ) : currentUrl ? (
    <img src={currentUrl} alt={savedAlt} className="aspect-[4/3] size-full object-cover" />
  ) : null;
  const problems = error ? [error, ...rejections] : rejections;

  return (
    <div role="group" aria-labelledby={labelId}>
      <p id={labelId} className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-stretch">
        {shownPreview || saved ? (
          <div className="relative w-full shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-100 sm:w-40 dark:border-slate-700 dark:bg-slate-800">
            {shownPreview ? (
              <img
                src={shownPreview}
                alt={`Preview of ${file?.name ?? ''}`}
                className="aspect-[4/3] size-full object-cover"
              />
            ) : (
              saved
            )}
            {file ? (
              <button
                type="button"
                disabled={disabled}
                onClick={() => {
                  onChange(null);
                }}
                className="absolute top-1.5 right-1.5 rounded-md bg-white/90 px-2 py-0.5 text-xs font-medium text-red-700 shadow-sm hover:bg-white focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none dark:bg-slate-900/90 dark:text-red-400"
              >
                Remove
              </button>
            ) : null}
          </div>
        ) : null}
        <div className="min-w-0 flex-1">
          <ImageDropzone
            accept={accept}
            maxSize={maxSize}
            minSize={minSize}
            maxFiles={1}
            multiple={false}
            label={`Upload ${label.toLowerCase()}`}
            typesLabel={typesLabel}
            disabled={disabled}
            onDrop={handleDrop}
          />
        </div>
      </div>
      {file ? (
        <p className="mt-1 truncate text-xs text-slate-500 dark:text-slate-400">{file.name}</p>
      ) : null}
      {problems.length > 0 ? (
        <ul role="alert" className="mt-1 space-y-0.5 text-sm text-red-600 dark:text-red-400">
          {problems.map((message, index) => (
            <li key={`${index}-${message}`}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};
