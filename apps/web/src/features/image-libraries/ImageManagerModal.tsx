import { useEffect, useId, useRef, useState } from 'react';
import { arrayMove } from '@dnd-kit/sortable';
import { DragHandle, SortableArea, useSortableItem } from '../../components/ui/SortableArea';
import {
  FOCAL_POINT_TEXTS,
  IMAGE_LIBRARY_MESSAGES,
  LIBRARY_UPLOAD_ACCEPT,
  MEDIA_USAGE_TEXTS,
  UPLOAD_LIMITS,
  type DuplicateUpload,
  type Image,
  type ImageLibrary,
} from '@safarnama/contract';
import { LazyDuplicatesNotice } from '../media/LazyDuplicatesNotice';
import { LazyFocalPointDialog } from '../media/LazyFocalPointDialog';
import { useAppSelector } from '../../app/store';
import { AltTextInput, ErrorList, FormActions, FormError } from '../../components/ui/Form';
import { ImageDropzone } from '../../components/ui/ImageDropzone';
import { Img } from '../../components/ui/Img';
import { Modal } from '../../components/ui/Modal';
import { EditingNote } from '../../app/realtime/EditingNote';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { Spinner } from '../../components/ui/Spinner';
import { getErrorEnvelope, wasAnswered } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { sameValues, useUnsavedChanges } from '../../lib/useUnsavedChanges';
import { useVersionedSave } from '../../lib/useVersionedSave';
import {
  imagesConflictFields,
  imagesOfConflict,
  type LibraryImagesValues,
} from './imageLibraries.conflict';
import { buildImagesFormData, type ImageSlot } from './imageLibraries.form-data';
import { useGetImageLibraryQuery, useUpdateImageLibraryImagesMutation } from './imageLibraries.api';
import { selectUploadProgress } from './imageLibraries.slice';
import { useCan } from '../auth/useCan';
import { LazyUsageConfirmDialog } from '../media/LazyUsageConfirmDialog';

interface ImageManagerModalProps {
  library: ImageLibrary;
  onClose: () => void;
}

/** One card of the grid: a kept image or a new file, with its preview and alt text. */
type Item =
  | { key: string; kind: 'existing'; image: Image; altText: string }
  | { key: string; kind: 'new'; file: File; altText: string; preview: string };

export const ALT_TEXT_HINT = 'ALT text helps with SEO and screen readers';
const TYPES_LABEL = 'JPEG, PNG or GIF';

/** Card widths of the grid: one, two or three columns (the modal is at most 4xl wide). */
const CARD_SIZES = '(min-width: 1024px) 280px, (min-width: 640px) 50vw, 100vw';

const toSlot = (item: Item): ImageSlot =>
  item.kind === 'existing'
    ? { kind: 'existing', id: item.image._id, altText: item.altText }
    : { kind: 'new', file: item.file, altText: item.altText };

/** `Manage Images for "<title>"` (spec §2): loads the library fresh, then the editor. */
export const ImageManagerModal = ({ library, onClose }: ImageManagerModalProps) => {
  const { data, isError, refetch } = useGetImageLibraryQuery(library._id, {
    refetchOnMountOrArgChange: true,
  });
  const [busy, setBusy] = useState(false);
  // 'Take theirs' after an edit conflict: the editor starts again from the library as saved now.
  const [loads, setLoads] = useState(0);
  // If the fresh copy cannot be read, the list's copy is good enough to edit.
  const current = data ?? (isError ? library : null);
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={`Manage Images for "${library.title}"`}
      size="max-w-4xl"
    >
      <EditingNote entity="image-library" id={library._id} className="mb-4" />
      {current ? (
        <ImageManagerForm
          key={`${current._id}:${loads}`}
          library={current}
          onClose={onClose}
          onBusyChange={setBusy}
          onReload={() => {
            void refetch().then(() => {
              setLoads((count) => count + 1);
            });
          }}
        />
      ) : (
        <div className="flex justify-center py-12 text-teal-600 dark:text-teal-400">
          <Spinner className="size-6" label="Loading images" />
        </div>
      )}
    </Modal>
  );
};

interface ImageManagerFormProps {
  library: ImageLibrary;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
  /** Loads the library again and starts the editor over (their version after a conflict). */
  onReload: () => void;
}

const ImageManagerForm = ({ library, onClose, onBusyChange, onReload }: ImageManagerFormProps) => {
  const hintId = useId();
  const nextKey = useRef(0);
  const objectUrls = useRef(new Set<string>());
  const [items, setItems] = useState<Item[]>(() =>
    [...library.images]
      .sort((a, b) => a.order - b.order)
      .map((image) => ({
        key: `existing:${image._id}`,
        kind: 'existing',
        image,
        altText: image.altText,
      })),
  );
  // What was loaded: uploads, removals, reorders and alt-text edits not saved yet differ from it,
  // and closing or leaving then asks first (issue 20).
  const [loadedSlots] = useState(() => items.map(toSlot));
  const [rejections, setRejections] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Issue 24: the image whose focal point is being set, and a save's near-identical uploads
  // (the manager stays open on them until each is kept or removed).
  const [focusing, setFocusing] = useState<Image | null>(null);
  const [saved, setSaved] = useState<{
    library: ImageLibrary;
    duplicates: DuplicateUpload[];
  } | null>(null);
  useUnsavedChanges(!saving && !sameValues(items.map(toSlot), loadedSlots));
  const progress = useAppSelector(selectUploadProgress);
  const [updateImages] = useUpdateImageLibraryImagesMutation();
  // Issue 21: the save sends the version the editor loaded; a stale one opens the conflict
  // dialog. Its one row is the images: theirs reloads the editor, mine saves these again.
  const mine = (): LibraryImagesValues => ({ images: items.map(toSlot) });
  const versioned = useVersionedSave<LibraryImagesValues>({
    current: mine,
    opened: () => ({ images: loadedSlots }),
    apply: (_theirs, values) => {
      if (!sameValues(values, mine())) onReload();
    },
    resubmit: (values) => {
      if (sameValues(values, mine())) void handleSave();
    },
    version: library.version,
    noun: 'image library',
    fields: imagesConflictFields(new Map(library.images.map((image) => [image._id, image]))),
    toValues: imagesOfConflict,
  });

  // Previews of new files are object URLs: give them back when the manager closes.
  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const newCount = items.filter((item) => item.kind === 'new').length;

  const handleDrop = (files: File[], messages: string[]): void => {
    const room = UPLOAD_LIMITS.maxFiles - newCount;
    const tooMany = files.length > room;
    const accepted = tooMany ? [] : files;
    setRejections(
      tooMany && !messages.includes('Too many files') ? ['Too many files', ...messages] : messages,
    );
    if (accepted.length === 0) return;
    const added: Item[] = accepted.map((file) => {
      const preview = URL.createObjectURL(file);
      objectUrls.current.add(preview);
      nextKey.current += 1;
      return { key: `new:${nextKey.current}`, kind: 'new', file, altText: '', preview };
    });
    setItems((previous) => [...previous, ...added]);
  };

  // Issue 24: a saved image is removed only after "where used" was shown; one in use makes the
  // save remove its references too (`force`, image-libraries.delete).
  const canForce = useCan('image-libraries.delete');
  const [asking, setAsking] = useState<Image | null>(null);
  const [forced, setForced] = useState<ReadonlySet<string>>(() => new Set());
  const handleRemove = (key: string): void => {
    const removed = items.find((item) => item.key === key);
    if (removed?.kind === 'existing') {
      setAsking(removed.image);
      return;
    }
    drop(key);
  };
  const drop = (key: string): void => {
    const removed = items.find((item) => item.key === key);
    if (removed?.kind === 'new') {
      URL.revokeObjectURL(removed.preview);
      objectUrls.current.delete(removed.preview);
    }
    setItems((previous) => previous.filter((item) => item.key !== key));
  };

  const handleFramed = (image: Image): void => {
    setItems((previous) =>
      previous.map((item) =>
        item.kind === 'existing' && item.image._id === image._id ? { ...item, image } : item,
      ),
    );
  };

  /** Removes new copies the save reported as duplicates: the saved library without them. */
  const removeCopies = async (ids: string[]): Promise<void> => {
    if (!saved) return;
    const kept = [...saved.library.images]
      .sort((a, b) => a.order - b.order)
      .filter((image) => !ids.includes(image._id))
      .map((image): ImageSlot => ({ kind: 'existing', id: image._id, altText: image.altText }));
    const library = await updateImages({
      id: saved.library._id,
      body: buildImagesFormData(kept),
      version: saved.library.version,
    }).unwrap();
    setSaved({ library, duplicates: saved.duplicates });
  };

  const handleAltText = (key: string, altText: string): void => {
    setItems((previous) =>
      previous.map((item) => (item.key === key ? { ...item, altText } : item)),
    );
  };

  const handleMove = (from: number, to: number): void => {
    setItems((previous) =>
      to < 0 || to >= previous.length ? previous : arrayMove(previous, from, to),
    );
  };

  const handleSave = async (): Promise<void> => {
    if (saving) return;
    setSaving(true);
    onBusyChange(true);
    setFormError(null);
    try {
      const kept = new Set(items.map((item) => item.key));
      const result = await updateImages({
        id: library._id,
        body: buildImagesFormData(items.map(toSlot)),
        version: versioned.version(),
        force: [...forced].some((id) => !kept.has(`existing:${id}`)),
      }).unwrap();
      showToast('success', IMAGE_LIBRARY_MESSAGES.imagesUpdated);
      onBusyChange(false);
      if (result.duplicates.length > 0)
        setSaved({ library: result, duplicates: result.duplicates });
      else onClose();
    } catch (error) {
      if (versioned.caught(error)) {
        onBusyChange(false);
        return;
      }
      const serverMessage = getErrorEnvelope(error)?.message;
      // A non-success answer vs. no answer at all (spec §8).
      const answered = wasAnswered(error);
      setFormError(serverMessage || IMAGE_LIBRARY_MESSAGES.imagesFormError);
      showToast(
        'error',
        serverMessage ||
          (answered ? IMAGE_LIBRARY_MESSAGES.imagesFailed : IMAGE_LIBRARY_MESSAGES.imagesError),
      );
      onBusyChange(false);
    } finally {
      setSaving(false);
    }
  };

  if (saved) {
    const shown = [...saved.library.images].sort((a, b) => a.order - b.order);
    return (
      <LazyDuplicatesNotice
        duplicates={saved.duplicates}
        nameOf={(id) => {
          const index = shown.findIndex((image) => image._id === id);
          const image = shown[index];
          return image ? image.altText || `Image ${String(index + 1)}` : undefined;
        }}
        onRemove={removeCopies}
        onDone={onClose}
      />
    );
  }

  return (
    <div className="space-y-4">
      <ImageDropzone
        accept={LIBRARY_UPLOAD_ACCEPT}
        maxSize={UPLOAD_LIMITS.maxFileBytes}
        minSize={UPLOAD_LIMITS.minFileBytes}
        maxFiles={UPLOAD_LIMITS.maxFiles}
        typesLabel={TYPES_LABEL}
        disabled={saving}
        onDrop={handleDrop}
      />

      <ErrorList label="Files not added" messages={rejections} />

      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
          Images ({items.length})
        </h3>
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {ALT_TEXT_HINT}. Drag the handle, or use the arrows, to change the order.
        </p>
      </div>

      {items.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
          No images yet. Add some above.
        </p>
      ) : (
        <SortableArea ids={items.map((item) => item.key)} layout="grid" onMove={handleMove}>
          <ul aria-label="Images" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item, index) => (
              <SortableImageCard
                key={item.key}
                item={item}
                index={index}
                count={items.length}
                hintId={hintId}
                disabled={saving}
                onAltText={handleAltText}
                onRemove={handleRemove}
                onMove={handleMove}
                onFocus={setFocusing}
              />
            ))}
          </ul>
        </SortableArea>
      )}

      {saving ? (
        <div className="space-y-2" aria-live="polite">
          <div className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Spinner className="size-4 text-teal-600 dark:text-teal-400" />
            Saving images{progress !== null ? ` (${Math.round(progress * 100)}%)` : ''}...
          </div>
          <ProgressBar value={progress} label="Upload progress" />
        </div>
      ) : null}

      <FormError message={formError} />

      <FormActions
        saving={saving}
        onCancel={onClose}
        saveLabel="Save Images"
        onSave={() => void handleSave()}
      />
      {versioned.dialog}
      {focusing ? (
        <LazyFocalPointDialog
          image={focusing}
          onClose={() => {
            setFocusing(null);
          }}
          onSaved={handleFramed}
        />
      ) : null}
      <LazyUsageConfirmDialog
        target={asking ? { kind: 'image', id: asking._id } : null}
        title="Remove Image"
        message={MEDIA_USAGE_TEXTS.imageConfirm}
        inUseMessage={MEDIA_USAGE_TEXTS.imageConfirmInUse}
        confirmLabel="Remove"
        canForce={canForce}
        onConfirm={(force) => {
          if (!asking) return;
          if (force) setForced((previous) => new Set([...previous, asking._id]));
          drop(`existing:${asking._id}`);
        }}
        onClose={() => {
          setAsking(null);
        }}
      />
    </div>
  );
};

interface SortableImageCardProps {
  item: Item;
  index: number;
  count: number;
  hintId: string;
  disabled: boolean;
  onAltText: (key: string, altText: string) => void;
  onRemove: (key: string) => void;
  onMove: (from: number, to: number) => void;
  /** Opens the focal-point editor of a stored image (issue 24). */
  onFocus: (image: Image) => void;
}

const smallButton =
  'inline-flex size-7 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-600 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800';

const SortableImageCard = ({
  item,
  index,
  count,
  hintId,
  disabled,
  onAltText,
  onRemove,
  onMove,
  onFocus,
}: SortableImageCardProps) => {
  const { itemProps, handleProps, frame } = useSortableItem(item.key, disabled);
  const position = index + 1;
  const name = item.kind === 'new' ? item.file.name : item.image.altText || `Image ${position}`;
  return (
    <li
      {...itemProps}
      className={`relative flex flex-col overflow-hidden rounded-lg border bg-white dark:bg-slate-900 ${frame}`}
    >
      <div className="relative aspect-[4/3] bg-slate-100 dark:bg-slate-800">
        {item.kind === 'existing' ? (
          <Img
            image={item.image}
            sizes={CARD_SIZES}
            alt={item.altText || `Preview of ${name}`}
            className="size-full object-cover"
            draggable={false}
          />
        ) : (
          <img
            src={item.preview}
            alt={item.altText || `Preview of ${name}`}
            className="size-full object-cover"
            draggable={false}
          />
        )}
        <span className="absolute top-2 left-2 rounded-md bg-slate-950/70 px-1.5 py-0.5 text-xs font-semibold text-white">
          {position}
        </span>
        {item.kind === 'new' ? (
          <span className="absolute top-2 right-12 rounded-md bg-teal-700 px-1.5 py-0.5 text-xs font-semibold text-white">
            New
          </span>
        ) : null}
        <DragHandle
          handleProps={handleProps}
          label={`Drag to reorder image ${position}`}
          className="absolute top-1.5 right-1.5 bg-white/90 text-slate-700 shadow-sm hover:bg-white dark:bg-slate-900/90 dark:text-slate-200"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <p className="truncate text-xs text-slate-500 dark:text-slate-400" title={name}>
          {item.kind === 'new' ? item.file.name : `${item.image.width} × ${item.image.height}`}
        </p>
        <AltTextInput
          label={
            <>
              Alt text<span className="sr-only"> for image {position}</span>
            </>
          }
          value={item.altText}
          disabled={disabled}
          hintId={hintId}
          onChange={(altText) => {
            onAltText(item.key, altText);
          }}
        />
        <div className="mt-auto flex items-center justify-between gap-2">
          <div className="flex gap-1.5">
            <button
              type="button"
              aria-label="Move left"
              title="Move left"
              disabled={disabled || index === 0}
              className={smallButton}
              onClick={() => {
                onMove(index, index - 1);
              }}
            >
              <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
                <path
                  fillRule="evenodd"
                  d="M11.78 5.22a.75.75 0 0 1 0 1.06L8.06 10l3.72 3.72a.75.75 0 1 1-1.06 1.06l-4.25-4.25a.75.75 0 0 1 0-1.06l4.25-4.25a.75.75 0 0 1 1.06 0Z"
                  clipRule="evenodd"
                />
              </svg>
            </button>
            <button
              type="button"
              aria-label="Move right"
              title="Move right"
              disabled={disabled || index === count - 1}
              className={smallButton}
              onClick={() => {
                onMove(index, index + 1);
              }}
            >
              <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
                <path
                  fillRule="evenodd"
                  d="M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z"
                  clipRule="evenodd"
                />
              </svg>
            </button>
          </div>
          {item.kind === 'existing' ? (
            <button
              type="button"
              disabled={disabled}
              aria-label={`${FOCAL_POINT_TEXTS.button} of image ${String(position)}`}
              onClick={() => {
                onFocus(item.image);
              }}
              className="ml-auto rounded-md px-2 py-1 text-sm font-medium text-teal-700 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none disabled:opacity-50 dark:text-teal-300 dark:hover:bg-teal-500/10"
            >
              {FOCAL_POINT_TEXTS.button}
            </button>
          ) : null}
          <button
            type="button"
            disabled={disabled}
            onClick={() => {
              onRemove(item.key);
            }}
            className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none disabled:opacity-50 dark:text-red-400 dark:hover:bg-red-500/10"
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
};
