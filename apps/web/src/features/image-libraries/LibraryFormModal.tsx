import { useId, useState, type FormEvent } from 'react';
import {
  DEFAULT_LIBRARY_MONTH,
  DESCRIPTION_ROWS,
  IMAGE_LIBRARY_MESSAGES,
  LIBRARY_DESCRIPTION_MAX,
  LIBRARY_MONTHS,
  LIBRARY_TITLE_MAX,
  type ImageLibrary,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { fieldErrorClasses, FormError, inputClasses, labelClasses } from '../../components/ui/Form';
import { Modal } from '../../components/ui/Modal';
import { getErrorEnvelope, getFieldErrors, wasAnswered } from '../../lib/errors';
import { useIdempotencyKey } from '../../lib/idempotency';
import { showToast } from '../../lib/toast';
import {
  useCreateImageLibraryMutation,
  useUpdateImageLibraryMutation,
  type LibraryMonth,
} from './imageLibraries.api';

interface LibraryFormModalProps {
  /** The library to edit; null creates one. */
  library: ImageLibrary | null;
  onClose: () => void;
}

const isLibraryMonth = (value: string): value is LibraryMonth =>
  (LIBRARY_MONTHS as readonly string[]).includes(value);

/**
 * 'Create New Image Library' / 'Edit Image Library' (spec §2): title (required after trimming),
 * description, month. Images are added afterwards through 'Manage Images'.
 */
export const LibraryFormModal = ({ library, onClose }: LibraryFormModalProps) => {
  const isEdit = library !== null;
  const ids = { title: useId(), description: useId(), month: useId(), error: useId() };
  const [title, setTitle] = useState(library?.title ?? '');
  const [description, setDescription] = useState(library?.description ?? '');
  const [month, setMonth] = useState<LibraryMonth>(
    library && isLibraryMonth(library.month) ? library.month : DEFAULT_LIBRARY_MONTH,
  );
  const [titleError, setTitleError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [createLibrary, createState] = useCreateImageLibraryMutation();
  const idempotency = useIdempotencyKey();
  const [updateLibrary, updateState] = useUpdateImageLibraryMutation();
  const saving = createState.isLoading || updateState.isLoading;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    if (!title.trim()) {
      setTitleError(IMAGE_LIBRARY_MESSAGES.titleRequired);
      return;
    }
    setTitleError(null);
    const fields = { title: title.trim(), description: description.trim(), month };
    try {
      if (library) await updateLibrary({ id: library._id, fields }).unwrap();
      else await createLibrary({ fields, idempotencyKey: idempotency.key }).unwrap();
      idempotency.renew();
      showToast(
        'success',
        isEdit ? IMAGE_LIBRARY_MESSAGES.updated : IMAGE_LIBRARY_MESSAGES.created,
      );
      onClose();
    } catch (error) {
      const envelope = getErrorEnvelope(error);
      const fieldErrors = getFieldErrors(error);
      if (fieldErrors.title) setTitleError(fieldErrors.title);
      // A non-success answer vs. no answer at all (spec §8).
      const answered = wasAnswered(error);
      const message =
        envelope?.message ||
        (answered ? IMAGE_LIBRARY_MESSAGES.saveFailed : IMAGE_LIBRARY_MESSAGES.saveError);
      setFormError(message);
      showToast('error', message);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title={isEdit ? 'Edit Image Library' : 'Create New Image Library'}
      size="max-w-lg"
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
        <div>
          <label htmlFor={ids.title} className={labelClasses}>
            Title *
          </label>
          <input
            id={ids.title}
            value={title}
            maxLength={LIBRARY_TITLE_MAX}
            autoComplete="off"
            aria-required="true"
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? `${ids.title}-error` : undefined}
            onChange={(event) => {
              setTitle(event.target.value);
              if (titleError) setTitleError(null);
            }}
            className={inputClasses(Boolean(titleError))}
          />
          {titleError ? (
            <p id={`${ids.title}-error`} className={fieldErrorClasses}>
              {titleError}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={ids.description} className={labelClasses}>
            Description
          </label>
          <textarea
            id={ids.description}
            rows={DESCRIPTION_ROWS}
            value={description}
            maxLength={LIBRARY_DESCRIPTION_MAX}
            onChange={(event) => {
              setDescription(event.target.value);
            }}
            className={`${inputClasses()} resize-y`}
          />
        </div>
        <div>
          <label htmlFor={ids.month} className={labelClasses}>
            Month
          </label>
          <select
            id={ids.month}
            value={month}
            onChange={(event) => {
              if (isLibraryMonth(event.target.value)) setMonth(event.target.value);
            }}
            className={inputClasses()}
          >
            {LIBRARY_MONTHS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
          Images are added after the library is created, through &lsquo;Manage Images&rsquo; in the
          library list.
        </p>
        <FormError id={ids.error} message={formError} />
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {saving ? 'Saving...' : 'Save Library'}
          </Button>
        </div>
      </form>
    </Modal>
  );
};
