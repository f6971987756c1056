import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  IMAGE_UPLOAD_ACCEPT,
  MONTHS,
  PLACE_DETAILS_MESSAGES,
  RICH_TEXT_HEIGHT,
  UPLOAD_LIMITS,
  type MonthCode,
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
import { getErrorMessage, getErrorStatus, getFieldErrors } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { LocationFields, selectClasses } from '../geography/LocationFields';
import { ImageLibraryPicker } from '../image-libraries/ImageLibraryPicker';
import {
  buildPlaceDetailsForm,
  initialPlaceDetailsValues,
  parsePlaceDetailsForm,
  type PlaceDetailsErrorField,
  type PlaceDetailsErrors,
  type PlaceDetailsFormValues,
} from './placeDetails.form';
import { useAddPlaceDetailsMutation, useUpdatePlaceDetailsMutation } from './placeDetails.api';

interface PlaceDetailsFormModalProps {
  record: PlaceDetails | null;
  onClose: () => void;
}

const ERROR_FIELDS = new Set<string>([
  'countryId',
  'stateId',
  'placeId',
  'month',
  'description',
  'temperature',
  'location',
  'bestTimeToVisit',
  'coverPhoto',
  'imageLibraryId',
]);

/** Server paths such as `temperature.min` land on their group. */
const fieldOf = (path: string): PlaceDetailsErrorField | null => {
  const head = path.split(/[.[]/)[0] ?? '';
  return ERROR_FIELDS.has(head) ? (head as PlaceDetailsErrorField) : null;
};

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
  value,
  onChange,
  placeholder,
  error,
  required = false,
  disabled = false,
}: {
  label: string;
  value: MonthCode | '';
  onChange: (month: MonthCode | '') => void;
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
        value={value}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const next = MONTHS.find((month) => month.code === event.target.value);
          onChange(next ? next.code : '');
        }}
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
  value,
  onChange,
  type = 'text',
  step,
  placeholder,
  maxLength,
  invalid = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
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
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
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
  const [values, setValues] = useState<PlaceDetailsFormValues>(() =>
    initialPlaceDetailsValues(record),
  );
  const [errors, setErrors] = useState<PlaceDetailsErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [add, addState] = useAddPlaceDetailsMutation();
  const [update, updateState] = useUpdatePlaceDetailsMutation();
  const saving = addState.isLoading || updateState.isLoading;
  const statusId = useId();
  const descriptionId = useId();

  const set = <K extends keyof PlaceDetailsFormValues>(
    field: K,
    value: PlaceDetailsFormValues[K],
  ): void => {
    setValues((previous) => ({ ...previous, [field]: value }));
  };
  const clearError = (...fields: PlaceDetailsErrorField[]): void => {
    setErrors((previous) =>
      fields.some((field) => previous[field])
        ? Object.fromEntries(
            Object.entries(previous).filter(([key]) => !(fields as string[]).includes(key)),
          )
        : previous,
    );
  };

  /** Changes part of a field group and clears the group's error. */
  const setPart = <K extends 'temperature' | 'coordinates' | 'bestTimeToVisit'>(
    field: K,
    part: Partial<PlaceDetailsFormValues[K]>,
  ): void => {
    setValues((previous) => ({ ...previous, [field]: { ...previous[field], ...part } }));
    clearError(field === 'coordinates' ? 'location' : field);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const { input, errors: found } = parsePlaceDetailsForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = buildPlaceDetailsForm(isEdit ? 'update' : 'add', input, record);
    const onProgress = values.coverPhoto ? setProgress : undefined;
    try {
      if (record) await update({ id: record._id, body, onProgress }).unwrap();
      else await add({ body, onProgress }).unwrap();
      showToast('success', isEdit ? PLACE_DETAILS_MESSAGES.updated : PLACE_DETAILS_MESSAGES.added);
      onClose();
    } catch (error) {
      setProgress(null);
      const message = getErrorMessage(error, 'Failed to save place details');
      if (getErrorStatus(error) === 409) {
        setErrors({ month: message });
        showToast('error', message);
        return;
      }
      const shown: PlaceDetailsErrors = {};
      for (const [path, text] of Object.entries(getFieldErrors(error))) {
        const field = fieldOf(path);
        if (field && !shown[field]) shown[field] = text;
      }
      setErrors(shown);
      if (Object.keys(shown).length === 0) setFormError(message);
      showToast('error', message);
    }
  };

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
            value={values.location}
            onChange={(location) => {
              set('location', location);
              clearError('countryId', 'stateId', 'placeId');
            }}
            required
            disabled={isEdit || saving}
            errors={{
              countryId: errors.countryId,
              stateId: errors.stateId,
              placeId: errors.placeId,
            }}
          />
          <MonthSelect
            label="Month"
            placeholder="Select Month"
            value={values.month}
            required
            disabled={saving}
            error={errors.month}
            onChange={(month) => {
              set('month', month);
              clearError('month');
            }}
          />
        </div>

        <div>
          <LazyRichTextEditor
            id={descriptionId}
            label="Description"
            value={values.description}
            height={RICH_TEXT_HEIGHT}
            error={errors.description}
            disabled={saving}
            onChange={(html) => {
              set('description', html);
              clearError('description');
            }}
          />
        </div>

        <Fieldset legend="Temperature (°C)" error={errors.temperature}>
          <TextField
            label="Minimum (°C)"
            type="number"
            step="0.1"
            value={values.temperature.min}
            invalid={Boolean(errors.temperature)}
            onChange={(min) => {
              setPart('temperature', { min });
            }}
          />
          <TextField
            label="Maximum (°C)"
            type="number"
            step="0.1"
            value={values.temperature.max}
            invalid={Boolean(errors.temperature)}
            onChange={(max) => {
              setPart('temperature', { max });
            }}
          />
        </Fieldset>

        <Fieldset legend="Location" error={errors.location}>
          <TextField
            label="Latitude"
            type="number"
            step="any"
            placeholder="15.2993"
            value={values.coordinates.latitude}
            invalid={Boolean(errors.location)}
            onChange={(latitude) => {
              setPart('coordinates', { latitude });
            }}
          />
          <TextField
            label="Longitude"
            type="number"
            step="any"
            placeholder="74.1240"
            value={values.coordinates.longitude}
            invalid={Boolean(errors.location)}
            onChange={(longitude) => {
              setPart('coordinates', { longitude });
            }}
          />
          <div className="sm:col-span-2">
            <TextField
              label="Address"
              maxLength={300}
              value={values.coordinates.address}
              onChange={(address) => {
                setPart('coordinates', { address });
              }}
            />
          </div>
        </Fieldset>

        <Fieldset legend="Best Time to Visit" error={errors.bestTimeToVisit}>
          <MonthSelect
            label="From"
            placeholder="Select Month"
            value={values.bestTimeToVisit.fromMonth}
            onChange={(fromMonth) => {
              setPart('bestTimeToVisit', { fromMonth });
            }}
          />
          <MonthSelect
            label="To"
            placeholder="Select Month"
            value={values.bestTimeToVisit.toMonth}
            onChange={(toMonth) => {
              setPart('bestTimeToVisit', { toMonth });
            }}
          />
          <div className="sm:col-span-2">
            <TextField
              label="Note"
              maxLength={300}
              value={values.bestTimeToVisit.note}
              onChange={(note) => {
                setPart('bestTimeToVisit', { note });
              }}
            />
          </div>
        </Fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <ImageLibraryPicker
              value={values.imageLibraryId}
              onChange={(id) => {
                set('imageLibraryId', id);
                clearError('imageLibraryId');
              }}
            />
            {errors.imageLibraryId ? (
              <p className={fieldErrorClasses}>{errors.imageLibraryId}</p>
            ) : null}
          </div>
          <div>
            <label htmlFor={statusId} className={labelClasses}>
              Status
            </label>
            <select
              id={statusId}
              value={values.status}
              disabled={saving}
              onChange={(event) => {
                set('status', event.target.value === 'inactive' ? 'inactive' : 'active');
              }}
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
          file={values.coverPhoto}
          onChange={(file) => {
            set('coverPhoto', file);
            clearError('coverPhoto');
          }}
          accept={IMAGE_UPLOAD_ACCEPT}
          maxSize={UPLOAD_LIMITS.maxFileBytes}
          minSize={UPLOAD_LIMITS.minFileBytes}
          typesLabel="JPEG, PNG, GIF or WebP"
          disabled={saving}
          error={errors.coverPhoto}
        />

        {saving && progress !== null ? (
          <UploadProgress label="Uploading cover photo" progress={progress} />
        ) : null}

        <FormError message={formError} />

        <FormActions saving={saving} onCancel={onClose} saveLabel={'Save Place Details'} />
      </form>
    </Modal>
  );
};
