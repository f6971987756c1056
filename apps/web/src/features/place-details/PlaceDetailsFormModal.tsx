import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import {
  MONTHS,
  PLACE_DETAILS_MESSAGES,
  RICH_TEXT_HEIGHT,
  type PlaceDetails,
} from '@safarnama/contract';
import {
  fieldErrorClasses,
  FormActions,
  FormError,
  FormField,
  FormSelect,
  IMAGE_UPLOAD_PROPS,
  inputClasses,
  UploadProgress,
} from '../../components/ui/Form';
import { LazyRichTextEditor } from '../../components/ui/LazyRichTextEditor';
import { Modal } from '../../components/ui/Modal';
import { EditingNote } from '../../app/realtime/EditingNote';
import { LazyPlaceDetailsQuality } from './LazyPlaceDetailsQuality';
import { SingleImageField } from '../../components/ui/SingleImageField';
import { getErrorMessage, getErrorStatus } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import { formSide, useVersionedSave } from '../../lib/useVersionedSave';
import { LocationFields } from '../geography/LocationFields';
import { ImageLibraryPicker } from '../image-libraries/ImageLibraryPicker';
import {
  buildPlaceDetailsForm,
  initialPlaceDetailsValues,
  PLACE_DETAILS_REQUIRED,
  placeDetailsFormSchema,
  toPlaceDetailsRequest,
  type PlaceDetailsFormValues,
  type PlaceDetailsPrefill,
} from './placeDetails.form';
import { useAddPlaceDetailsMutation, useUpdatePlaceDetailsMutation } from './placeDetails.api';
import { placeDetailsConflictFields } from './placeDetails.conflict';
import { monthName } from './format';
import { HistoryButton } from '../revisions/LazyHistoryPanel';

interface PlaceDetailsFormModalProps {
  record: PlaceDetails | null;
  /** A new record's place and month, chosen before the form opened (ignored with a record). */
  prefill?: PlaceDetailsPrefill | undefined;
  onClose: () => void;
}

const Fieldset = ({
  legend,
  error,
  children,
}: {
  legend: string;
  error?: string;
  children: ReactNode;
}) => (
  <fieldset className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
    <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">{legend}</legend>
    <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    {error ? (
      <p role="alert" className={fieldErrorClasses}>
        {error}
      </p>
    ) : null}
  </fieldset>
);

const MONTH_OPTIONS = MONTHS.map(({ code, name }) => ({ value: code, label: name }));

interface PartProps extends ComponentProps<'input'> {
  label: string;
  /** Red while its group is wrong (the group shows the message). */
  invalid?: boolean;
}

/** A labelled input of a group (temperature, location, best time). */
const PartInput = ({ label, invalid = false, className, ...rest }: PartProps) => (
  <FormField label={label} className={className}>
    {(props) => (
      <input
        {...props}
        inputMode={rest.type === 'number' ? 'decimal' : undefined}
        {...rest}
        aria-invalid={invalid || undefined}
        className={inputClasses(invalid)}
      />
    )}
  </FormField>
);

/**
 * 'Add Place Details' / 'Edit Place Details': location (fixed once saved: the update call does not
 * move a record), month, rich-text description, temperature, coordinates and address, best time to
 * visit, image library, cover photo and status. The body follows spec §5 (`buildPlaceDetailsForm`).
 */
export const PlaceDetailsFormModal = ({ record, prefill, onClose }: PlaceDetailsFormModalProps) => {
  const isEdit = record !== null;
  const {
    form,
    submit,
    pending: saving,
    alert,
    dirty,
  } = useContractForm<PlaceDetailsFormValues, typeof placeDetailsFormSchema>({
    schema: placeDetailsFormSchema,
    defaultValues: initialPlaceDetailsValues(record, prefill),
    toRequest: toPlaceDetailsRequest,
    requiredMessages: PLACE_DETAILS_REQUIRED,
  });
  const { register, control, setValue, clearErrors, setError } = form;
  const { errors } = form.formState;
  const [countryId, stateId, placeId, description, imageLibraryId, coverPhoto] = useWatch({
    control,
    name: ['countryId', 'stateId', 'placeId', 'description', 'imageLibraryId', 'coverPhoto'],
  });
  const [progress, setProgress] = useState<number | null>(null);
  const [add] = useAddPlaceDetailsMutation();
  const [update] = useUpdatePlaceDetailsMutation();
  // Issue 21: saves send the version the form opened with; a stale one opens the conflict dialog.
  const versioned = useVersionedSave({
    ...formSide(form, () => handleSubmit()),
    version: record?.version,
    noun: 'place details record',
    fields: placeDetailsConflictFields(record),
    toValues: (current) => initialPlaceDetailsValues(current as unknown as PlaceDetails),
  });
  const descriptionId = useId();

  /** A group's error: the server's on the group, else the first of its inputs'. */
  const groupError = (group: 'temperature' | 'location' | 'bestTimeToVisit') => {
    const error = errors[group];
    if (!error) return undefined;
    return (
      error.message ??
      Object.values(error as Record<string, { message?: string } | undefined>).find(
        (part) => part?.message,
      )?.message
    );
  };
  /** Registers an input of a group; a change clears the group's error. */
  const registerPart = (
    name: `${'temperature' | 'location' | 'bestTimeToVisit'}.${string}`,
  ): UseFormRegisterReturn => {
    const group = name.split('.')[0] as 'temperature' | 'location' | 'bestTimeToVisit';
    return register(name as Parameters<typeof register>[0], {
      onChange: () => {
        clearErrors(group);
      },
    });
  };

  const handleSubmit = submit(
    async (request, idempotencyKey) => {
      const body = buildPlaceDetailsForm(isEdit ? 'update' : 'add', request, record);
      const onProgress = request.coverPhoto ? setProgress : undefined;
      try {
        if (record) {
          await update({ id: record._id, body, onProgress, version: versioned.version() }).unwrap();
        } else await add({ body, onProgress, idempotencyKey }).unwrap();
      } finally {
        setProgress(null);
      }
      showToast('success', isEdit ? PLACE_DETAILS_MESSAGES.updated : PLACE_DETAILS_MESSAGES.added);
      onClose();
    },
    {
      failureMessage: (error) => getErrorMessage(error, 'Failed to save place details'),
      // Every failure is also a toast; a 409 (that place and month exist) belongs to the month.
      onError: (error) => {
        if (versioned.caught(error)) return true;
        const message = getErrorMessage(error, 'Failed to save place details');
        showToast('error', message);
        if (getErrorStatus(error) !== 409) return false;
        setError('month', { type: 'server', message });
        return true;
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
      title={isEdit ? 'Edit Place Details' : 'Add Place Details'}
      size="max-w-4xl"
      actions={
        record ? (
          <HistoryButton
            entity="place-details"
            id={record._id}
            name={`${record.place.name} (${monthName(record.month)})`}
            record={record}
            onRestored={onClose}
          />
        ) : undefined
      }
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
        <EditingNote entity="place-details" id={record?._id} />
        <LazyPlaceDetailsQuality control={control} record={record} />
        <div className="grid gap-4 sm:grid-cols-2">
          <LocationFields
            value={{ countryId, stateId, placeId }}
            onChange={(next) => {
              setValue('countryId', next.countryId);
              setValue('stateId', next.stateId);
              setValue('placeId', next.placeId);
              clearErrors(['countryId', 'stateId', 'placeId']);
            }}
            required
            disabled={isEdit || saving}
            errors={{
              countryId: errors.countryId?.message,
              stateId: errors.stateId?.message,
              placeId: errors.placeId?.message,
            }}
          />
          <FormField label="Month *" error={errors.month?.message}>
            {(props) => (
              <FormSelect
                {...props}
                {...register('month')}
                disabled={saving}
                aria-required
                placeholder="Select Month"
                options={MONTH_OPTIONS}
              />
            )}
          </FormField>
        </div>

        <div>
          <LazyRichTextEditor
            id={descriptionId}
            label="Description"
            value={description}
            height={RICH_TEXT_HEIGHT}
            error={errors.description?.message}
            disabled={saving}
            onChange={(html) => {
              setValue('description', html);
              clearErrors('description');
            }}
          />
        </div>

        <Fieldset legend="Temperature (°C)" error={groupError('temperature')}>
          <PartInput
            label="Minimum (°C)"
            type="number"
            step="0.1"
            {...registerPart('temperature.min')}
            invalid={Boolean(errors.temperature)}
          />
          <PartInput
            label="Maximum (°C)"
            type="number"
            step="0.1"
            {...registerPart('temperature.max')}
            invalid={Boolean(errors.temperature)}
          />
        </Fieldset>

        <Fieldset legend="Location" error={groupError('location')}>
          <PartInput
            label="Latitude"
            type="number"
            step="any"
            placeholder="15.2993"
            {...registerPart('location.latitude')}
            invalid={Boolean(errors.location)}
          />
          <PartInput
            label="Longitude"
            type="number"
            step="any"
            placeholder="74.1240"
            {...registerPart('location.longitude')}
            invalid={Boolean(errors.location)}
          />
          <PartInput
            label="Address"
            maxLength={300}
            {...registerPart('location.address')}
            className="sm:col-span-2"
          />
        </Fieldset>

        <Fieldset legend="Best Time to Visit" error={groupError('bestTimeToVisit')}>
          {(['fromMonth', 'toMonth'] as const).map((part) => (
            <FormField key={part} label={part === 'fromMonth' ? 'From' : 'To'}>
              {(props) => (
                <FormSelect
                  {...props}
                  {...registerPart(`bestTimeToVisit.${part}`)}
                  placeholder="Select Month"
                  options={MONTH_OPTIONS}
                />
              )}
            </FormField>
          ))}
          <PartInput
            label="Note"
            maxLength={300}
            {...registerPart('bestTimeToVisit.note')}
            className="sm:col-span-2"
          />
        </Fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <ImageLibraryPicker
              value={imageLibraryId}
              onChange={(id) => {
                setValue('imageLibraryId', id);
                clearErrors('imageLibraryId');
              }}
            />
            {errors.imageLibraryId ? (
              <p className={fieldErrorClasses}>{errors.imageLibraryId.message}</p>
            ) : null}
          </div>
          <FormField label="Status" error={errors.status?.message}>
            {(props) => (
              <FormSelect
                {...props}
                {...register('status')}
                disabled={saving}
                options={[
                  { value: 'active', label: 'Active' },
                  { value: 'inactive', label: 'Inactive' },
                ]}
              />
            )}
          </FormField>
        </div>

        <SingleImageField
          {...IMAGE_UPLOAD_PROPS}
          label="Cover Photo"
          currentImage={record?.coverPhoto ?? null}
          file={coverPhoto}
          onChange={(file) => {
            setValue('coverPhoto', file);
            clearErrors('coverPhoto');
          }}
          disabled={saving}
          error={errors.coverPhoto?.message}
        />

        {saving && progress !== null ? (
          <UploadProgress label="Uploading cover photo" progress={progress} />
        ) : null}

        <FormError message={alert} />

        <FormActions saving={saving} onCancel={onClose} saveLabel="Save Place Details" />
      </form>
      {versioned.dialog}
    </Modal>
  );
};
