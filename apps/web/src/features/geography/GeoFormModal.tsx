import { useId, useState } from 'react';
import { Controller, useWatch, type Path } from 'react-hook-form';
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
import { getErrorEnvelope, getErrorMessage, getErrorStatus } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import type { GeoPageConfig } from './geo-config';
import { useActiveCountriesQuery } from './geography.api';
import {
  buildGeoForm,
  FIELDS,
  GEO_SCHEMAS,
  initialValues,
  SAVED_MESSAGES,
  toGeoRequest,
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

/** The form's values: the text fields and the newly chosen image. */
interface GeoFormFields extends GeoFormValues {
  image: File | null;
}

const TYPES_LABEL = 'JPEG, PNG, GIF or WebP';

/**
 * 'Add Country' / 'Edit Country' (and State, Place): the kind's fields on `useContractForm` with
 * the contract's schema of the kind; the server's 400 details land on their fields and a 409
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
  const {
    form,
    submit,
    pending: saving,
    alert,
  } = useContractForm<GeoFormFields, (typeof GEO_SCHEMAS)[typeof kind]>({
    schema: GEO_SCHEMAS[kind],
    defaultValues: { ...initialValues(record), image: null },
    toRequest: (values) => toGeoRequest(kind, values),
    fieldOf: (path) =>
      path === 'image' || (FIELDS[kind] as string[]).includes(path)
        ? (path as Path<GeoFormFields>)
        : null,
  });
  const { register, control, setValue, clearErrors, setError } = form;
  const { errors } = form.formState;
  const [countryId, stateId, shortDescription, image] = useWatch({
    control,
    name: ['countryId', 'stateId', 'shortDescription', 'image'],
  });
  const [progress, setProgress] = useState<number | null>(null);
  const { add, update } = useGeoSave(kind);
  const countries = useActiveCountriesQuery(undefined, { skip: kind !== 'state' });
  const failed = `Failed to save ${noun.toLowerCase()}`;

  const handleSubmit = submit(
    async (request, idempotencyKey) => {
      const body = buildGeoForm(kind, request, record, image);
      const trigger = record ? update : add;
      const key = record ? undefined : idempotencyKey;
      try {
        await trigger(
          image
            ? { body, onProgress: setProgress, idempotencyKey: key }
            : { body, idempotencyKey: key },
        ).unwrap();
      } catch (error) {
        setProgress(null);
        throw error;
      }
      showToast('success', record ? SAVED_MESSAGES[kind].updated : SAVED_MESSAGES[kind].added);
      onClose();
    },
    {
      failureMessage: (error) => getErrorMessage(error, failed),
      // A duplicate name (409) belongs under the name; every other failure is also a toast.
      onError: (error) => {
        const message = getErrorMessage(error, failed);
        if (getErrorStatus(error) !== 409) {
          showToast('error', message);
          return false;
        }
        setError('name', { type: 'server', message: getErrorEnvelope(error)?.message ?? message });
        return true;
      },
    },
  );

  const errorOf = (field: keyof GeoFormFields) => errors[field]?.message;
  const invalid = (field: keyof GeoFormFields) => (errors[field] ? true : undefined);

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
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
              {...register('name')}
              maxLength={GEO_NAME_MAX}
              autoComplete="off"
              aria-required="true"
              aria-invalid={invalid('name')}
              aria-describedby={errors.name ? `${ids.name}-error` : undefined}
              className={inputClasses(Boolean(errors.name))}
            />
            {errors.name ? (
              <p id={`${ids.name}-error`} className={fieldErrorClasses}>
                {errorOf('name')}
              </p>
            ) : null}
          </div>
          {kind === 'country' ? (
            <div>
              <label htmlFor={ids.shortName} className={labelClasses}>
                Short Name *
              </label>
              <Controller
                control={control}
                name="shortName"
                render={({ field }) => (
                  <input
                    id={ids.shortName}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(event) => {
                      field.onChange(event.target.value.toUpperCase());
                    }}
                    maxLength={3}
                    autoComplete="off"
                    placeholder="IN"
                    aria-required="true"
                    aria-invalid={invalid('shortName')}
                    aria-describedby={`${ids.shortName}-hint`}
                    className={`${inputClasses(Boolean(errors.shortName))} uppercase`}
                  />
                )}
              />
              <p
                id={`${ids.shortName}-hint`}
                className={errors.shortName ? fieldErrorClasses : 'mt-1 text-xs text-slate-500'}
              >
                {errorOf('shortName') ?? '2 or 3 letters'}
              </p>
            </div>
          ) : null}
        </div>

        {kind === 'state' ? (
          <div>
            <label htmlFor={ids.country} className={labelClasses}>
              Country *
            </label>
            <Controller
              control={control}
              name="countryId"
              render={({ field }) => (
                <select
                  id={ids.country}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  aria-required="true"
                  aria-invalid={invalid('countryId')}
                  aria-describedby={errors.countryId ? `${ids.country}-error` : undefined}
                  className={selectClasses(Boolean(errors.countryId))}
                >
                  <option value="">{countries.isLoading ? 'Loading...' : 'Select Country'}</option>
                  {countryId &&
                  countries.data &&
                  !countries.data.some((country) => country._id === countryId) &&
                  record &&
                  'country' in record ? (
                    <option value={countryId}>{record.country.name} (inactive)</option>
                  ) : null}
                  {(countries.data ?? []).map((country) => (
                    <option key={country._id} value={country._id}>
                      {country.name} ({country.shortName})
                    </option>
                  ))}
                </select>
              )}
            />
            {errors.countryId ? (
              <p id={`${ids.country}-error`} className={fieldErrorClasses}>
                {errorOf('countryId')}
              </p>
            ) : null}
          </div>
        ) : null}

        {kind === 'place' ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <LocationFields
                value={{ countryId, stateId, placeId: '' }}
                onChange={(next) => {
                  setValue('countryId', next.countryId);
                  setValue('stateId', next.stateId);
                  clearErrors(['countryId', 'stateId']);
                }}
                required
                errors={{ countryId: errorOf('countryId'), stateId: errorOf('stateId') }}
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
                {...register('shortDescription')}
                maxLength={PLACE_DESCRIPTION_MAX}
                aria-invalid={invalid('shortDescription')}
                className={`${inputClasses(Boolean(errors.shortDescription))} resize-y`}
              />
              <p className="mt-0.5 text-right text-[11px] text-slate-400 dark:text-slate-500">
                {shortDescription.length}/{PLACE_DESCRIPTION_MAX}
              </p>
              {errors.shortDescription ? (
                <p className={fieldErrorClasses}>{errorOf('shortDescription')}</p>
              ) : null}
            </div>
          </>
        ) : null}

        <SingleImageField
          label={config.imageLabel}
          currentImage={record?.image ?? null}
          file={image}
          onChange={(file) => {
            setValue('image', file);
            clearErrors('image');
          }}
          accept={IMAGE_UPLOAD_ACCEPT}
          maxSize={UPLOAD_LIMITS.maxFileBytes}
          minSize={UPLOAD_LIMITS.minFileBytes}
          typesLabel={TYPES_LABEL}
          disabled={saving}
          error={errorOf('image')}
        />

        <label
          htmlFor={ids.active}
          className="flex w-fit items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300"
        >
          <input
            id={ids.active}
            type="checkbox"
            {...register('isActive')}
            className="size-4 rounded border-slate-300 text-teal-600 focus:ring-teal-500 dark:border-slate-600 dark:bg-slate-900"
          />
          Active
        </label>

        {saving && progress !== null ? (
          <UploadProgress label="Uploading image" progress={progress} />
        ) : null}

        <FormError message={alert} />

        <FormActions saving={saving} onCancel={onClose} saveLabel={`Save ${noun}`} />
      </form>
    </Modal>
  );
};
