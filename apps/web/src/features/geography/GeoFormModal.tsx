import { useId, useState, type FormEvent } from 'react';
import {
  GEO_NAME_MAX,
  IMAGE_UPLOAD_ACCEPT,
  PLACE_DESCRIPTION_MAX,
  UPLOAD_LIMITS,
} from '@safarnama/contract';
import {
  fieldErrorClasses,
  FormActions,
  FormError,
  inputClasses,
  labelClasses,
  UploadProgress,
} from '../../components/ui/Form';
import { Modal } from '../../components/ui/Modal';
import { SingleImageField } from '../../components/ui/SingleImageField';
import {
  getErrorEnvelope,
  getErrorMessage,
  getErrorStatus,
  getFieldErrors,
} from '../../lib/errors';
import { useIdempotencyKey } from '../../lib/idempotency';
import { showToast } from '../../lib/toast';
import type { GeoPageConfig } from './geo-config';
import { useActiveCountriesQuery } from './geography.api';
import {
  buildGeoForm,
  initialValues,
  SAVED_MESSAGES,
  validateGeo,
  type GeoFieldErrors,
  type GeoFormValues,
  type GeoRecord,
} from './geography.form';
import { LocationFields, selectClasses } from './LocationFields';
import { useGeoSave } from './useGeoSave';

interface GeoFormModalProps {
  config: GeoPageConfig;
  /** The record to edit; null adds one. */
  record: GeoRecord | null;
  onClose: () => void;
}

const TYPES_LABEL = 'JPEG, PNG, GIF or WebP';

/** The fields of the server's 400 details that this form shows beside an input. */
const FIELD_NAMES = new Set(['name', 'shortName', 'countryId', 'stateId', 'shortDescription']);

/**
 * 'Add Country' / 'Edit Country' (and State, Place): the kind's fields, validated with the
 * contract's schemas before sending; the server's 400 details land on their fields and a 409
 * (duplicate name) on the name. An image (flag) with preview, sent with upload progress.
 */
export const GeoFormModal = ({ config, record, onClose }: GeoFormModalProps) => {
  const { kind, noun } = config;
  const ids = {
    name: useId(),
    shortName: useId(),
    country: useId(),
    description: useId(),
    active: useId(),
  };
  const [values, setValues] = useState<GeoFormValues>(() => initialValues(record));
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<GeoFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { add, update, isSaving } = useGeoSave(kind);
  const idempotency = useIdempotencyKey();
  const countries = useActiveCountriesQuery(undefined, { skip: kind !== 'state' });

  const set = <K extends keyof GeoFormValues>(field: K, value: GeoFormValues[K]): void => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => (previous[field] ? { ...previous, [field]: undefined } : previous));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isSaving) return;
    setFormError(null);
    const found = validateGeo(kind, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = buildGeoForm(kind, values, record, image);
    const trigger = record ? update : add;
    try {
      const idempotencyKey = record ? undefined : idempotency.key;
      await trigger(
        image ? { body, onProgress: setProgress, idempotencyKey } : { body, idempotencyKey },
      ).unwrap();
      idempotency.renew();
      showToast('success', record ? SAVED_MESSAGES[kind].updated : SAVED_MESSAGES[kind].added);
      onClose();
    } catch (error) {
      setProgress(null);
      const message = getErrorMessage(error, `Failed to save ${noun.toLowerCase()}`);
      if (getErrorStatus(error) === 409) {
        setErrors({ name: getErrorEnvelope(error)?.message ?? message });
        return;
      }
      const fieldErrors = getFieldErrors(error);
      const shown: GeoFieldErrors = {};
      for (const [path, text] of Object.entries(fieldErrors)) {
        if (FIELD_NAMES.has(path)) shown[path as keyof GeoFormValues] = text;
        else if (path === 'image') shown.image = text;
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
        if (!open && !isSaving) onClose();
      }}
      title={record ? `Edit ${noun}` : `Add ${noun}`}
      size="max-w-2xl"
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
        <div className={kind === 'country' ? 'grid gap-4 sm:grid-cols-[1fr_10rem]' : ''}>
          <div>
            <label htmlFor={ids.name} className={labelClasses}>
              Name *
            </label>
            <input
              id={ids.name}
              value={values.name}
              maxLength={GEO_NAME_MAX}
              autoComplete="off"
              aria-required="true"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${ids.name}-error` : undefined}
              onChange={(event) => {
                set('name', event.target.value);
              }}
              className={inputClasses(Boolean(errors.name))}
            />
            {errors.name ? (
              <p id={`${ids.name}-error`} className={fieldErrorClasses}>
                {errors.name}
              </p>
            ) : null}
          </div>
          {kind === 'country' ? (
            <div>
              <label htmlFor={ids.shortName} className={labelClasses}>
                Short Name *
              </label>
              <input
                id={ids.shortName}
                value={values.shortName}
                maxLength={3}
                autoComplete="off"
                placeholder="IN"
                aria-required="true"
                aria-invalid={errors.shortName ? true : undefined}
                aria-describedby={`${ids.shortName}-hint`}
                onChange={(event) => {
                  set('shortName', event.target.value.toUpperCase());
                }}
                className={`${inputClasses(Boolean(errors.shortName))} uppercase`}
              />
              <p
                id={`${ids.shortName}-hint`}
                className={errors.shortName ? fieldErrorClasses : 'mt-1 text-xs text-slate-500'}
              >
                {errors.shortName ?? '2 or 3 letters'}
              </p>
            </div>
          ) : null}
        </div>

        {kind === 'state' ? (
          <div>
            <label htmlFor={ids.country} className={labelClasses}>
              Country *
            </label>
            <select
              id={ids.country}
              value={values.countryId}
              aria-required="true"
              aria-invalid={errors.countryId ? true : undefined}
              aria-describedby={errors.countryId ? `${ids.country}-error` : undefined}
              onChange={(event) => {
                set('countryId', event.target.value);
              }}
              className={selectClasses(Boolean(errors.countryId))}
            >
              <option value="">{countries.isLoading ? 'Loading...' : 'Select Country'}</option>
              {values.countryId &&
              countries.data &&
              !countries.data.some((country) => country._id === values.countryId) &&
              record &&
              'country' in record ? (
                <option value={values.countryId}>{record.country.name} (inactive)</option>
              ) : null}
              {(countries.data ?? []).map((country) => (
                <option key={country._id} value={country._id}>
                  {country.name} ({country.shortName})
                </option>
              ))}
            </select>
            {errors.countryId ? (
              <p id={`${ids.country}-error`} className={fieldErrorClasses}>
                {errors.countryId}
              </p>
            ) : null}
          </div>
        ) : null}

        {kind === 'place' ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <LocationFields
                value={{ countryId: values.countryId, stateId: values.stateId, placeId: '' }}
                onChange={(next) => {
                  setValues((previous) => ({
                    ...previous,
                    countryId: next.countryId,
                    stateId: next.stateId,
                  }));
                  setErrors((previous) => ({
                    ...previous,
                    countryId: undefined,
                    stateId: undefined,
                  }));
                }}
                required
                errors={{ countryId: errors.countryId, stateId: errors.stateId }}
                showPlace={false}
              />
            </div>
            <div>
              <label htmlFor={ids.description} className={labelClasses}>
                Short Description
              </label>
              <textarea
                id={ids.description}
                rows={3}
                value={values.shortDescription}
                maxLength={PLACE_DESCRIPTION_MAX}
                aria-invalid={errors.shortDescription ? true : undefined}
                onChange={(event) => {
                  set('shortDescription', event.target.value);
                }}
                className={`${inputClasses(Boolean(errors.shortDescription))} resize-y`}
              />
              <p className="mt-0.5 text-right text-[11px] text-slate-400 dark:text-slate-500">
                {values.shortDescription.length}/{PLACE_DESCRIPTION_MAX}
              </p>
              {errors.shortDescription ? (
                <p className={fieldErrorClasses}>{errors.shortDescription}</p>
              ) : null}
            </div>
          </>
        ) : null}

        <SingleImageField
          label={config.imageLabel}
          currentImage={record?.image ?? null}
          file={image}
          onChange={setImage}
          accept={IMAGE_UPLOAD_ACCEPT}
          maxSize={UPLOAD_LIMITS.maxFileBytes}
          minSize={UPLOAD_LIMITS.minFileBytes}
          typesLabel={TYPES_LABEL}
          disabled={isSaving}
          error={errors.image}
        />

        <label
          htmlFor={ids.active}
          className="flex w-fit items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300"
        >
          <input
            id={ids.active}
            type="checkbox"
            checked={values.isActive}
            onChange={(event) => {
              set('isActive', event.target.checked);
            }}
            className="size-4 rounded border-slate-300 text-teal-600 focus:ring-teal-500 dark:border-slate-600 dark:bg-slate-900"
          />
          Active
        </label>

        {isSaving && progress !== null ? (
          <UploadProgress label="Uploading image" progress={progress} />
        ) : null}

        <FormError message={formError} />

        <FormActions saving={isSaving} onCancel={onClose} saveLabel={`Save ${noun}`} />
      </form>
    </Modal>
  );
};
