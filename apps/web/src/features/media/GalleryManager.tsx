import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  GALLERY_MESSAGES,
  IMAGE_UPLOAD_ACCEPT,
  MEDIA_USAGE_TEXTS,
  UPLOAD_LIMITS,
  type DuplicateUpload,
  type Image,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { AltTextInput, ErrorList } from '../../components/ui/Form';
import { ImageDropzone } from '../../components/ui/ImageDropzone';
import { Img } from '../../components/ui/Img';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { wasAnswered } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useUnsavedChanges } from '../../lib/useUnsavedChanges';
import { LazyDuplicatesNotice } from './LazyDuplicatesNotice';
import { LazyUsageConfirmDialog } from './LazyUsageConfirmDialog';

/** One file to upload with its alt text. */
export interface GalleryUploadItem {
  file: File;
  altText: string;
}

interface GalleryManagerProps {
  images: readonly Image[];
  /**
   * Removes one image (`force`: it is used elsewhere and the references go too, issue 24); rejects
   * with the call's error. Without it, no remove buttons.
   */
  onRemove?: (imageId: string, force: boolean) => Promise<unknown>;
  /** Issue 24: the admin holds the delete permission that removes an image in use. */
  canForce?: boolean;
  /**
   * Uploads the files with their alt texts; rejects with the call's error. Without it, no form.
   * An answer with `duplicates` (issue 24, the API layer's `uploadOf`) shows where the copies are.
   */
  onUpload?: (
    items: GalleryUploadItem[],
    onProgress: (fraction: number) => void,
  ) => Promise<unknown>;
}

/** The `duplicates` of an upload's answer, if it has any. */
const duplicatesOf = (result: unknown): DuplicateUpload[] => {
  const list = (result as { duplicates?: unknown } | null)?.duplicates;
  return Array.isArray(list) ? (list as DuplicateUpload[]) : [];
};

const TYPES_LABEL = 'JPEG, PNG, GIF or WebP';

/** Card widths of the grid below: one, two, three or four columns. */
const CARD_SIZES =
  '(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/**
 * A gallery (spec §2 itinerary gallery, reused by place details): the images with their alt text
 * (read-only) and a remove button on hover or focus, asking 'Are you sure you want to remove this
 * image?'; below, 'Add New Images' with several files, an alt text per file (max 100, with the
 * hint), and 'Upload Images' / 'Uploading...' with progress. Toasts use the spec §8 texts: the
 * "Failed to …" one when the server said no, the "An error occurred …" one when it could not be
 * reached. Callers leave out `onRemove` / `onUpload` when the admin may not remove or upload.
 */
export const GalleryManager = ({
  images,
  onRemove,
  canForce = false,
  onUpload,
}: GalleryManagerProps) => {
  const [confirming, setConfirming] = useState<Image | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const [duplicates, setDuplicates] = useState<DuplicateUpload[]>([]);
  const ordered = [...images].sort((a, b) => a.order - b.order);
  const nameOf = (id: string) => {
    const index = ordered.findIndex((image) => image._id === id);
    const image = ordered[index];
    return image ? image.altText || `Gallery image ${String(index + 1)}` : undefined;
  };

  const handleRemove = (image: Image, force: boolean): void => {
    setConfirming(null);
    if (!onRemove) return;
    setRemovingId(image._id);
    onRemove(image._id, force)
      .then(() => {
        showToast('success', GALLERY_MESSAGES.removed);
      })
      .catch((error: unknown) => {
        showToast(
          'error',
          wasAnswered(error) ? GALLERY_MESSAGES.removeFailed : GALLERY_MESSAGES.removeError,
        );
      })
      .finally(() => {
        setRemovingId(null);
      });
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="gallery-images-heading">
        <h2
          id="gallery-images-heading"
          className="mb-3 text-base font-semibold text-slate-900 dark:text-white"
        >
          Images ({images.length})
        </h2>
        {images.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
            No images in this gallery yet.
          </p>
        ) : (
          <ul
            aria-label="Gallery images"
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          >
            {ordered.map((image, index) => (
              <li
                key={image._id}
                className="group overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
              >
                <div className="relative aspect-[4/3]">
                  <Img
                    image={image}
                    sizes={CARD_SIZES}
                    alt={image.altText || `Gallery image ${index + 1}`}
                    className="size-full object-cover"
                  />
                  {onRemove ? (
                    <button
                      type="button"
                      disabled={removingId === image._id}
                      aria-label={`Remove image ${index + 1}${image.altText ? `: ${image.altText}` : ''}`}
                      onClick={() => {
                        setConfirming(image);
                      }}
                      className="absolute top-2 right-2 rounded-md bg-red-600 px-2 py-1 text-xs font-medium text-white opacity-0 shadow-sm transition-opacity group-hover:opacity-100 hover:bg-red-700 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none disabled:opacity-60 [@media(hover:none)]:opacity-100"
                    >
                      {removingId === image._id ? 'Removing...' : 'Remove'}
                    </button>
                  ) : null}
                </div>
                <p className="px-3 py-2 text-sm text-slate-700 dark:text-slate-300">
                  <span className="sr-only">Alt text: </span>
                  {image.altText ? (
                    image.altText
                  ) : (
                    <span className="text-slate-500 italic dark:text-slate-400">No alt text</span>
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      {onUpload ? (
        <GalleryUploadForm
          onUpload={(items, onProgress) =>
            onUpload(items, onProgress).then((result) => {
              setDuplicates(duplicatesOf(result));
              return result;
            })
          }
        />
      ) : null}

      <LazyDuplicatesNotice
        key={duplicates.map((d) => d._id).join()}
        duplicates={duplicates}
        nameOf={nameOf}
        onRemove={onRemove ? (ids) => Promise.all(ids.map((id) => onRemove(id, false))) : undefined}
        onDone={() => {
          setDuplicates([]);
        }}
      />

      {/* Issue 24: where the image is used, read as the question opens. */}
      <LazyUsageConfirmDialog
        target={confirming ? { kind: 'image', id: confirming._id } : null}
        title="Remove Image"
        message={GALLERY_MESSAGES.removeConfirm}
        inUseMessage={MEDIA_USAGE_TEXTS.imageConfirmInUse}
        confirmLabel="Remove"
        canForce={canForce}
        onConfirm={(force) => {
          if (confirming) handleRemove(confirming, force);
        }}
        onClose={() => {
          setConfirming(null);
        }}
      />
    </div>
  );
};

interface Pending extends GalleryUploadItem {
  key: number;
  preview: string;
}

const GalleryUploadForm = ({
  onUpload,
}: {
  onUpload: NonNullable<GalleryManagerProps['onUpload']>;
}) => {
  const hintId = useId();
  const nextKey = useRef(0);
  const [pending, setPending] = useState<Pending[]>([]);
  const [rejections, setRejections] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const previews = useRef(new Set<string>());
  // Files chosen but not uploaded: leaving the page or closing the gallery asks first (issue 20).
  useUnsavedChanges(pending.length > 0 && !uploading);

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const release = (url: string): void => {
    URL.revokeObjectURL(url);
    previews.current.delete(url);
  };

  const handleDrop = (files: File[], messages: string[]): void => {
    const room = UPLOAD_LIMITS.maxFiles - pending.length;
    if (files.length > room) {
      setRejections(['Too many files', ...messages]);
      return;
    }
    setRejections(messages);
    const added = files.map((file) => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      nextKey.current += 1;
      return { key: nextKey.current, file, altText: '', preview };
    });
    setPending((previous) => [...previous, ...added]);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (uploading || pending.length === 0) return;
    setUploading(true);
    setProgress(0);
    try {
      await onUpload(
        pending.map(({ file, altText }) => ({ file, altText: altText.trim() })),
        setProgress,
      );
      showToast('success', GALLERY_MESSAGES.updated);
      for (const item of pending) release(item.preview);
      setPending([]);
      setRejections([]);
    } catch (error) {
      showToast(
        'error',
        wasAnswered(error) ? GALLERY_MESSAGES.updateFailed : GALLERY_MESSAGES.updateError,
      );
    } finally {
      setUploading(false);
      setProgress(null);
    }
  };

  return (
    <section
      aria-labelledby="gallery-upload-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="gallery-upload-heading"
        className="text-base font-semibold text-slate-900 dark:text-white"
      >
        {GALLERY_MESSAGES.uploadTitle}
      </h2>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="mt-4 space-y-4">
        <ImageDropzone
          accept={IMAGE_UPLOAD_ACCEPT}
          maxSize={UPLOAD_LIMITS.maxFileBytes}
          minSize={UPLOAD_LIMITS.minFileBytes}
          maxFiles={UPLOAD_LIMITS.maxFiles}
          typesLabel={TYPES_LABEL}
          disabled={uploading}
          onDrop={handleDrop}
        />
        <ErrorList label="Files not added" messages={rejections} />
        {pending.length > 0 ? (
          <>
            <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
              {GALLERY_MESSAGES.altTextHint}
            </p>
            <ul aria-label="Images to upload" className="space-y-3">
              {pending.map((item) => (
                <PendingRow
                  key={item.key}
                  item={item}
                  hintId={hintId}
                  disabled={uploading}
                  onAltText={(altText) => {
                    setPending((previous) =>
                      previous.map((other) =>
                        other.key === item.key ? { ...other, altText } : other,
                      ),
                    );
                  }}
                  onRemove={() => {
                    release(item.preview);
                    setPending((previous) => previous.filter((other) => other.key !== item.key));
                  }}
                />
              ))}
            </ul>
          </>
        ) : null}
        {uploading ? <ProgressBar value={progress} label="Upload progress" /> : null}
        <div className="flex justify-end">
          <Button type="submit" loading={uploading} disabled={pending.length === 0}>
            {uploading ? GALLERY_MESSAGES.uploading : GALLERY_MESSAGES.uploadButton}
          </Button>
        </div>
      </form>
    </section>
  );
};

interface PendingRowProps {
  item: Pending;
  hintId: string;
  disabled: boolean;
  onAltText: (altText: string) => void;
  onRemove: () => void;
}

const PendingRow = ({ item, hintId, disabled, onAltText, onRemove }: PendingRowProps) => {
  return (
    <li className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <img
        src={item.preview}
        alt={`Preview of ${item.file.name}`}
        className="h-16 w-20 shrink-0 rounded object-cover"
      />
      <AltTextInput
        className="min-w-0 flex-1"
        label={`Alt text for ${item.file.name}`}
        value={item.altText}
        disabled={disabled}
        hintId={hintId}
        onChange={onAltText}
      />
      <Button
        size="sm"
        variant="ghost"
        disabled={disabled}
        aria-label={`Don't upload ${item.file.name}`}
        onClick={onRemove}
      >
        ×
      </Button>
    </li>
  );
};
