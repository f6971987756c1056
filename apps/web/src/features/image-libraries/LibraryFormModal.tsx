import {
  DEFAULT_LIBRARY_MONTH,
  DESCRIPTION_ROWS,
  IMAGE_LIBRARY_MESSAGES,
  imageLibraryFieldsSchema,
  LIBRARY_DESCRIPTION_MAX,
  LIBRARY_MONTHS,
  LIBRARY_TITLE_MAX,
  type ImageLibrary,
} from '@safarnama/contract';
import {
  FormActions,
  FormError,
  FormField,
  SelectField,
  TextField,
  textOptions,
} from '../../components/ui/Form';
import { Modal } from '../../components/ui/Modal';
import { EditingNote } from '../../app/realtime/EditingNote';
import { getErrorEnvelope, wasAnswered } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import { formSide, useVersionedSave } from '../../lib/useVersionedSave';
import { LIBRARY_CONFLICT_FIELDS } from './imageLibraries.conflict';
import {
  useCreateImageLibraryMutation,
  useUpdateImageLibraryMutation,
  type ImageLibraryFieldsInput,
  type LibraryMonth,
} from './imageLibraries.api';
import { HistoryButton } from '../revisions/LazyHistoryPanel';

interface LibraryFormModalProps {
  /** The library to edit; null creates one. */
  library: ImageLibrary | null;
  onClose: () => void;
}

const isLibraryMonth = (value: string): value is LibraryMonth =>
  (LIBRARY_MONTHS as readonly string[]).includes(value);

/** The form's values of a library (or of none: a new one). */
const libraryValues = (library: ImageLibrary | null): ImageLibraryFieldsInput => ({
  title: library?.title ?? '',
  description: library?.description ?? '',
  month: library && isLibraryMonth(library.month) ? library.month : DEFAULT_LIBRARY_MONTH,
});

/** The server's message, else the spec's text for a refusal or for no answer at all (spec §8). */
const failureMessage = (error: unknown): string =>
  getErrorEnvelope(error)?.message ||
  (wasAnswered(error) ? IMAGE_LIBRARY_MESSAGES.saveFailed : IMAGE_LIBRARY_MESSAGES.saveError);

/**
 * 'Create New Image Library' / 'Edit Image Library' (spec §2) on `useContractForm` with the
 * contract's `imageLibraryFieldsSchema`: title (required after trimming), description, month.
 * Images are added afterwards through 'Manage Images'.
 */
export const LibraryFormModal = ({ library, onClose }: LibraryFormModalProps) => {
  const isEdit = library !== null;
  const {
    form,
    submit,
    pending: saving,
    alert,
    dirty,
  } = useContractForm<ImageLibraryFieldsInput, typeof imageLibraryFieldsSchema>({
    schema: imageLibraryFieldsSchema,
    defaultValues: libraryValues(library),
  });
  const { register } = form;
  const titleError = form.formState.errors.title?.message;
  const [createLibrary] = useCreateImageLibraryMutation();
  const [updateLibrary] = useUpdateImageLibraryMutation();
  // Issue 21: saves send the version the form opened with; a stale one opens the conflict dialog.
  const versioned = useVersionedSave({
    ...formSide(form, () => handleSubmit()),
    version: library?.version,
    noun: 'image library',
    fields: LIBRARY_CONFLICT_FIELDS,
    toValues: (current) => libraryValues(current as unknown as ImageLibrary),
  });

  const handleSubmit = submit(
    async (request, idempotencyKey) => {
      const fields = { ...request, month: request.month as LibraryMonth };
      if (library) {
        await updateLibrary({ id: library._id, fields, version: versioned.version() }).unwrap();
      } else await createLibrary({ fields, idempotencyKey }).unwrap();
      showToast(
        'success',
        isEdit ? IMAGE_LIBRARY_MESSAGES.updated : IMAGE_LIBRARY_MESSAGES.created,
      );
      onClose();
    },
    {
      failureMessage,
      // Every failure is also a toast with the same text.
      onError: (error) => {
        if (versioned.caught(error)) return true;
        showToast('error', failureMessage(error));
      },
    },
  );

  return (
    <Modal
      open
      dirty={dirty && !saving}
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title={isEdit ? 'Edit Image Library' : 'Create New Image Library'}
      size="max-w-lg"
      actions={
        library ? (
          <HistoryButton
            entity="image-library"
            id={library._id}
            name={library.title}
            record={library}
            onRestored={onClose}
          />
        ) : undefined
      }
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
        <EditingNote entity="image-library" id={library?._id} />
        <TextField
          label="Title *"
          error={titleError}
          {...register('title')}
          maxLength={LIBRARY_TITLE_MAX}
          autoComplete="off"
          aria-required="true"
        />
        <FormField label="Description">
          {(control) => (
            <textarea
              {...control}
              rows={DESCRIPTION_ROWS}
              {...register('description')}
              maxLength={LIBRARY_DESCRIPTION_MAX}
              className={`${control.className} resize-y`}
            />
          )}
        </FormField>
        <SelectField label="Month" {...register('month')} options={textOptions(LIBRARY_MONTHS)} />
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
          Images are added after the library is created, through &lsquo;Manage Images&rsquo; in the
          library list.
        </p>
        <FormError message={alert} />
        <FormActions saving={saving} onCancel={onClose} saveLabel="Save Library" />
      </form>
      {versioned.dialog}
    </Modal>
  );
};
