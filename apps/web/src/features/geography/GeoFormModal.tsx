import { useState } from 'react';
import { useWatch, type Path } from 'react-hook-form';
import { GEO_NAME_MAX, GEOGRAPHY_MESSAGES, PLACE_DESCRIPTION_MAX } from '@safarnama/contract';
import {
  FormActions,
  FormError,
  FormField,
  FormSelect,
  IMAGE_UPLOAD_PROPS,
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
  fieldsOf,
  GEO_SCHEMAS,
  initialValues,
  toGeoRequest,
  type GeoFormValues,
  type GeoRecord,
} from './geography.form';
import { LocationFields } from './LocationFields';
import { PlaceLocationFields } from './PlaceLocationFields';
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

/**
 * 'Add Country' / 'Edit Country' (and State, Place): the kind's fields on `useContractForm` with
 * the contract's schema of the kind; the server's 400 details land on their fields and a 409
 * (duplicate name) on the name. An image (flag) with preview, sent with upload progress. A place
 * has its location too (issue 22): Latitude, Longitude and a map to click.
 */
export const GeoFormModal = ({ config, record, onClose }: GeoFormModalProps) => {
  const { kind, noun } = config;
  const {
    form,
    submit,
    pending: saving,
    alert,
    dirty,
  } = useContractForm<GeoFormFields, (typeof GEO_SCHEMAS)[typeof kind]>({
    schema: GEO_SCHEMAS[kind],
    defaultValues: { ...initialValues(record), image: null },
    toRequest: (values) => toGeoRequest(kind, values),
    fieldOf: (path) =>
      path === 'image' || (fieldsOf(kind) as string[]).includes(path)
        ? (path as Path<GeoFormFields>)
        : null,
  });
  const { register, control, setValue, clearErrors, setError } = form;
  const { errors } = form.formState;
  const [countryId, stateId, shortDescription, image, name, latitude, longitude] = useWatch({
    control,
    name: ['countryId', 'stateId', 'shortDescription', 'image', 'name', 'latitude', 'longitude'],
  });
  /** Sets both coordinates at once (a map click, a dropped marker, 'Clear location'). */
  const setCoordinates = (next: { latitude: string; longitude: string }) => {
    setValue('latitude', next.latitude);
    setValue('longitude', next.longitude);
    clearErrors(['latitude', 'longitude']);
  };
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
      showToast('success', GEOGRAPHY_MESSAGES[`${kind}${record ? 'Updated' : 'Added'}`]);
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
  // A saved state's country may be inactive now (not among the options): keep it listed.
  const countryOptions = (countries.data ?? []).map((country) => ({
    value: country._id,
    label: `${country.name} (${country.shortName})`,
  }));
  if (countries.data && countryId && record && 'country' in record) {
    if (!countryOptions.some((option) => option.value === countryId)) {
      countryOptions.unshift({ value: countryId, label: `${record.country.name} (inactive)` });
    }
  }

  return (
    <Modal
      open
      dirty={dirty && !saving}
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title={record ? `Edit ${noun}` : `Add ${noun}`}
      size="max-w-2xl"
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
        <div className={kind === 'country' ? 'grid gap-4 sm:grid-cols-[1fr_10rem]' : ''}>
          <FormField label="Name *" error={errorOf('name')}>
            {(props) => (
              <input
                {...props}
                {...register('name')}
                maxLength={GEO_NAME_MAX}
                autoComplete="off"
                aria-required="true"
              />
            )}
          </FormField>
          {kind === 'country' ? (
            <FormField
              label="Short Name *"
              error={errorOf('shortName')}
              hint={errorOf('shortName') ? undefined : '2 or 3 letters'}
            >
              {(props) => (
                <input
                  {...props}
                  {...register('shortName', {
                    onChange: (event: { target: { value: string } }) => {
                      setValue('shortName', event.target.value.toUpperCase());
                    },
                  })}
                  maxLength={3}
                  autoComplete="off"
                  placeholder="IN"
                  aria-required="true"
                  className={`${props.className} uppercase`}
                />
              )}
            </FormField>
          ) : null}
        </div>

        {kind === 'state' ? (
          <FormField label="Country *" error={errorOf('countryId')}>
            {(props) => (
              <FormSelect
                {...props}
                {...register('countryId')}
                value={countryId}
                aria-required="true"
                placeholder={countries.isLoading ? 'Loading...' : 'Select Country'}
                options={countryOptions}
              />
            )}
          </FormField>
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
            <FormField
              label="Short Description"
              error={errorOf('shortDescription')}
              counter={{ length: shortDescription.length, max: PLACE_DESCRIPTION_MAX }}
            >
              {(props) => (
                <textarea
                  {...props}
                  rows={3}
                  {...register('shortDescription')}
                  maxLength={PLACE_DESCRIPTION_MAX}
                  className={`${props.className} resize-y`}
                />
              )}
            </FormField>
            <PlaceLocationFields
              latitude={latitude}
              longitude={longitude}
              name={name}
              register={{ latitude: register('latitude'), longitude: register('longitude') }}
              errors={{ latitude: errorOf('latitude'), longitude: errorOf('longitude') }}
              onPick={(point) => {
                setCoordinates({
                  latitude: String(point.latitude),
                  longitude: String(point.longitude),
                });
              }}
              onClear={() => {
                setCoordinates({ latitude: '', longitude: '' });
              }}
              disabled={saving}
            />
          </>
        ) : null}

        <SingleImageField
          {...IMAGE_UPLOAD_PROPS}
          label={config.imageLabel}
          currentImage={record?.image ?? null}
          file={image}
          onChange={(file) => {
            setValue('image', file);
            clearErrors('image');
          }}
          disabled={saving}
          error={errorOf('image')}
        />

        <label className="flex w-fit items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          <input
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
