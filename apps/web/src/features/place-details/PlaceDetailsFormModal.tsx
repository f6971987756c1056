import { useId, useState, type ReactNode } from 'react';
import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import {
  IMAGE_UPLOAD_ACCEPT,
  MONTHS,
  PLACE_DETAILS_MESSAGES,
  RICH_TEXT_HEIGHT,
  UPLOAD_LIMITS,
  type PlaceDetails,
} from '@safarnama/contract';
import {
  fieldErrorClasses,
  FormActions,
  FormError,
  inputClasses,
  labelClasses,
  UploadProgress,
} from '../../components/ui/Form';
import { LazyRichTextEditor } from '../../components/ui/LazyRichTextEditor';
import { Modal } from '../../components/ui/Modal';
import { SingleImageField } from '../../components/ui/SingleImageField';
import { getErrorMessage, getErrorStatus } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import { LocationFields, selectClasses } from '../geography/LocationFields';
import { ImageLibraryPicker } from '../image-libraries/ImageLibraryPicker';
import {
  buildPlaceDetailsForm,
  initialPlaceDetailsValues,
  PLACE_DETAILS_REQUIRED,
  placeDetailsFieldOf,
  placeDetailsFormSchema,
  toPlaceDetailsInput,
  toPlaceDetailsRequest,
  type PlaceDetailsFormValues,
} from './placeDetails.form';
import { useAddPlaceDetailsMutation, useUpdatePlaceDetailsMutation } from './placeDetails.api';

interface PlaceDetailsFormModalProps {
  record: PlaceDetails | null;
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

const MonthSelect = ({
  label,
  registration,
  placeholder,
  error,
  required = false,
  disabled = false,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  placeholder: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}) => {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {label}
        {required ? ' *' : ''}
      </label>
      <select
        id={id}
        {...registration}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        className={selectClasses(Boolean(error))}
      >
        <option value="">{placeholder}</option>
        {MONTHS.map((month) => (
          <option key={month.code} value={month.code}>
            {month.name}
          </option>
        ))}
      </select>
      {error ? <p className={fieldErrorClasses}>{error}</p> : null}
    </div>
  );
};

const TextField = ({
  label,
  registration,
  type = 'text',
  step,
  placeholder,
  maxLength,
  invalid = false,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  type?: 'text' | 'number';
  step?: string;
  placeholder?: string;
  maxLength?: number;
  invalid?: boolean;
}) => {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        step={step}
        inputMode={type === 'number' ? 'decimal' : undefined}
        {...registration}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-invalid={invalid || undefined}
        className={inputClasses(invalid)}
      />
    </div>
  );
};

/**
 * 'Add Place Details' / 'Edit Place Details': location (fixed once saved: the update call does not
 * move a record), month, rich-text description, temperature, coordinates and address, best time to
 * visit, image library, cover photo and status. The body follows spec §5 (`buildPlaceDetailsForm`).
 */
export const PlaceDetailsFormModal = ({ record, onClose }: PlaceDetailsFormModalProps) => {
  const isEdit = record !== null;
  const {
    form,
    submit,
    pending: saving,
    alert,
  } = useContractForm<PlaceDetailsFormValues, typeof placeDetailsFormSchema>({
    schema: placeDetailsFormSchema,
    defaultValues: initialPlaceDetailsValues(record),
    toRequest: toPlaceDetailsRequest,
    fieldOf: placeDetailsFieldOf,
    requiredMessages: PLACE_DETAILS_REQUIRED,
  });
  const { register, control, setValue, clearErrors, setError } = form;
  const { errors } = form.formState;
  const [location, description, imageLibraryId, coverPhoto] = useWatch({
    control,
    name: ['location', 'description', 'imageLibraryId', 'coverPhoto'],
  });
  const [progress, setProgress] = useState<number | null>(null);
  const [add] = useAddPlaceDetailsMutation();
  const [update] = useUpdatePlaceDetailsMutation();
  const statusId = useId();
  const descriptionId = useId();

  /** A group's error: the server's on the group, else the first of its inputs'. */
  const groupError = (group: 'temperature' | 'coordinates' | 'bestTimeToVisit') => {
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
    name: `${'temperature' | 'coordinates' | 'bestTimeToVisit'}.${string}`,
  ): UseFormRegisterReturn => {
    const group = name.split('.')[0] as 'temperature' | 'coordinates' | 'bestTimeToVisit';
    return register(name as Parameters<typeof register>[0], {
      onChange: () => {
        clearErrors(group);
      },
    });
  };

  const handleSubmit = submit(
    async (request, idempotencyKey) => {
      const body = buildPlaceDetailsForm(
        isEdit ? 'update' : 'add',
        toPlaceDetailsInput(request),
        record,
      );
      const onProgress = request.coverPhoto ? setProgress : undefined;
      try {
        if (record) await update({ id: record._id, body, onProgress }).unwrap();
        else await add({ body, onProgress, idempotencyKey }).unwrap();
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
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title={isEdit ? 'Edit Place Details' : 'Add Place Details'}
      size="max-w-4xl"
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <LocationFields
            value={location}
            onChange={(next) => {
              setValue('location', next);
              clearErrors('location');
            }}
            required
            disabled={isEdit || saving}
            errors={{
              countryId: errors.location?.countryId?.message,
              stateId: errors.location?.stateId?.message,
              placeId: errors.location?.placeId?.message,
            }}
          />
          <MonthSelect
            label="Month"
            placeholder="Select Month"
            registration={register('month')}
            required
            disabled={saving}
            error={errors.month?.message}
          />
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
          <TextField
            label="Minimum (°C)"
            type="number"
            step="0.1"
            registration={registerPart('temperature.min')}
            invalid={Boolean(errors.temperature)}
          />
          <TextField
            label="Maximum (°C)"
            type="number"
            step="0.1"
            registration={registerPart('temperature.max')}
            invalid={Boolean(errors.temperature)}
          />
        </Fieldset>

        <Fieldset legend="Location" error={groupError('coordinates')}>
          <TextField
            label="Latitude"
            type="number"
            step="any"
            placeholder="15.2993"
            registration={registerPart('coordinates.latitude')}
            invalid={Boolean(errors.coordinates)}
          />
          <TextField
            label="Longitude"
            type="number"
            step="any"
            placeholder="74.1240"
            registration={registerPart('coordinates.longitude')}
            invalid={Boolean(errors.coordinates)}
          />
          <div className="sm:col-span-2">
            <TextField
              label="Address"
              maxLength={300}
              registration={registerPart('coordinates.address')}
            />
          </div>
        </Fieldset>

        <Fieldset legend="Best Time to Visit" error={groupError('bestTimeToVisit')}>
          <MonthSelect
            label="From"
            placeholder="Select Month"
            registration={registerPart('bestTimeToVisit.fromMonth')}
          />
          <MonthSelect
            label="To"
            placeholder="Select Month"
            registration={registerPart('bestTimeToVisit.toMonth')}
          />
          <div className="sm:col-span-2">
            <TextField
              label="Note"
              maxLength={300}
              registration={registerPart('bestTimeToVisit.note')}
            />
          </div>
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
          <div>
            <label htmlFor={statusId} className={labelClasses}>
              Status
            </label>
            <select
              id={statusId}
              {...register('status')}
              disabled={saving}
              className={selectClasses(false)}
            >
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
            </select>
          </div>
        </div>

        <SingleImageField
          label="Cover Photo"
          currentImage={record?.coverPhoto ?? null}
          file={coverPhoto}
          onChange={(file) => {
            setValue('coverPhoto', file);
            clearErrors('coverPhoto');
          }}
          accept={IMAGE_UPLOAD_ACCEPT}
          maxSize={UPLOAD_LIMITS.maxFileBytes}
          minSize={UPLOAD_LIMITS.minFileBytes}
          typesLabel="JPEG, PNG, GIF or WebP"
          disabled={saving}
          error={errors.coverPhoto?.message}
        />

        {saving && progress !== null ? (
          <UploadProgress label="Uploading cover photo" progress={progress} />
        ) : null}

        <FormError message={alert} />

        <FormActions saving={saving} onCancel={onClose} saveLabel={'Save Place Details'} />
      </form>
    </Modal>
  );
};
