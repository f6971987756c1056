import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  AUDIENCE_LABELS,
  AUDIENCE_TYPES,
  MARKETING_CHANNELS,
  MARKETING_LIMITS,
  MARKETING_MESSAGES,
  type ScheduledNotification,
} from '@safarnama/contract';
import {
  FieldNotes,
  FormActions,
  FormError,
  FormField,
  IMAGE_UPLOAD_PROPS,
  labelClasses,
  RemoveImageToggle,
  SelectField,
  TextField,
} from '../../components/ui/Form';
import { IstDateTimeField } from '../../components/ui/IstDateTimeField';
import { Modal } from '../../components/ui/Modal';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { SingleImageField } from '../../components/ui/SingleImageField';
import { getErrorMessage, getErrorStatus } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import { useListUserTypeOptionsQuery } from '../manage/manage.api';
import { formatIst, istToIso } from '../../lib/ist';
import { CHANNEL_LABELS, StatusBadge } from './labels';
import { useSaveScheduledNotificationMutation } from './marketing.api';
import {
  buildNotificationFormData,
  duplicateFormValues,
  fieldOfPath,
  initialFormValues,
  notificationFormSchema,
  toNotificationRequest,
  type NotificationField,
  type NotificationFormValues,
} from './marketing.form';
import { NotificationPreview } from './NotificationPreview';

interface NotificationFormModalProps {
  /** The scheduled notification to change; null schedules a new one. */
  notification: ScheduledNotification | null;
  /**
   * 'Duplicate' (with `notification` null): the new one starts from this one's content, channels,
   * audience and image (copied by the server, `copyImageFrom`), at a new time.
   */
  copyOf?: ScheduledNotification | null;
  onClose: () => void;
}

const SAVE_FAILED = 'The notification could not be saved. Please try again.';

/** The server's own refusals that belong under a field. */
const FIELD_OF_MESSAGE: Record<string, NotificationField> = {
  [MARKETING_MESSAGES.inPast]: 'scheduledAt',
  [MARKETING_MESSAGES.userTypeRequired]: 'userTypeId',
  [MARKETING_MESSAGES.unknownUserType]: 'userTypeId',
};

/**
 * 'Add Notification' / 'Edit Notification': title and message (with counters at the contract's
 * limits), an optional image and link, the channels, the audience (a user type for 'Admins of a
 * user type') and the date and time in IST (seconds allowed), read as Asia/Kolkata whatever the
 * browser's zone and sent as an instant at +05:30. The preview follows the typing. Checked with
 * the contract's rules first (a time in the past is refused here too) on `useContractForm`; the
 * server's field errors land on the fields. An add carries the form's Idempotency-Key and the
 * submit waits for the call: neither a retry nor a double click schedules it twice.
 */
export const NotificationFormModal = ({
  notification,
  copyOf = null,
  onClose,
}: NotificationFormModalProps) => {
  // What the form starts from: the one being edited, or the one being duplicated.
  const source = notification ?? copyOf;
  const baseId = useId();
  const ids = {
    channels: `${baseId}-channels`,
  };
  const {
    form,
    submit,
    pending: saving,
    alert,
    dirty,
  } = useContractForm<NotificationFormValues, typeof notificationFormSchema>({
    schema: notificationFormSchema,
    defaultValues:
      copyOf && !notification ? duplicateFormValues(copyOf) : initialFormValues(notification),
    toRequest: toNotificationRequest,
    fieldOf: fieldOfPath,
  });
  const { register, control, setValue, clearErrors, setError } = form;
  const { errors } = form.formState;
  const [title, message, link, audienceType, userTypeId, date, time, image, removeImage] = useWatch(
    {
      control,
      name: [
        'title',
        'message',
        'link',
        'audienceType',
        'userTypeId',
        'date',
        'time',
        'image',
        'removeImage',
      ],
    },
  );
  const [progress, setProgress] = useState<number | null>(null);
  const [save] = useSaveScheduledNotificationMutation();
  const wantsUserType = audienceType === 'user_type';
  const userTypes = useListUserTypeOptionsQuery(undefined, { skip: !wantsUserType });

  // The chosen image's preview: an object URL made when it is chosen, given back when another
  // replaces it and when the form closes.
  const [imagePreview, setImagePreview] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const handleImageChange = (file: File | null): void => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = file ? URL.createObjectURL(file) : null;
    setImagePreview(previewRef.current);
    setValue('image', file);
    clearErrors('image');
  };

  const handleSubmit = submit(
    async (fields, idempotencyKey) => {
      setProgress(image ? 0 : null);
      try {
        const saved = await save({
          ...(notification ? { id: notification._id } : {}),
          body: buildNotificationFormData(fields, {
            id: notification?._id,
            image,
            removeImage,
            copyImageFrom: copyOf?.imageUrl ? copyOf._id : undefined,
          }),
          hasImage: image !== null,
          onProgress: image ? setProgress : undefined,
          idempotencyKey,
        }).unwrap();
        showToast(
          'success',
          saved.message || (notification ? MARKETING_MESSAGES.updated : MARKETING_MESSAGES.created),
        );
        onClose();
      } finally {
        setProgress(null);
      }
    },
    {
      failureMessage: (failure) => getErrorMessage(failure, SAVE_FAILED),
      // The server's own refusals that belong under a field; answers whether one took it.
      onError: (failure) => {
        const text = getErrorMessage(failure, SAVE_FAILED);
        const status = getErrorStatus(failure);
        const field: NotificationField | undefined =
          FIELD_OF_MESSAGE[text] ??
          (image && (status === 413 || status === 415) ? 'image' : undefined);
        if (!field || form.getFieldState(field).error) return false;
        setError(field, { type: 'server', message: text });
        return true;
      },
    },
  );

  const scheduledAt = istToIso({ date, time });
  const shownImage = imagePreview ?? (removeImage ? null : (source?.imageUrl ?? null));
  const userTypeOptions = (userTypes.data ?? []).map((type) => ({
    value: type._id,
    label: type.name,
  }));
  const savedUserType = source?.audience.userType ?? null;
  // The saved user type may have been disabled since (not among the active options): keep it.
  if (savedUserType && !userTypeOptions.some((option) => option.value === savedUserType._id)) {
    userTypeOptions.push({ value: savedUserType._id, label: `${savedUserType.name} (disabled)` });
  }
  const invalid = (field: NotificationField) => (errors[field] ? true : undefined);
  const errorOf = (field: NotificationField) => errors[field]?.message;

  return (
    <Modal
      open
      dirty={dirty && !saving}
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title={notification ? 'Edit Notification' : 'Add Notification'}
      description={
        notification ? (
          <span className="inline-flex items-center gap-2">
            Currently <StatusBadge status={notification.status} />
          </span>
        ) : copyOf ? (
          `A copy of "${copyOf.title}", scheduled as a new notification: check it and choose when it goes out (India Standard Time).`
        ) : (
          'Schedule a marketing notification. It goes out once, at the time you choose (India Standard Time).'
        )
      }
      size="max-w-4xl"
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
          <fieldset disabled={saving} className="min-w-0 space-y-4">
            <legend className="sr-only">Notification</legend>
            <TextField
              label="Title *"
              error={errorOf('title')}
              counter={{ length: title.length, max: MARKETING_LIMITS.title }}
              {...register('title')}
              maxLength={MARKETING_LIMITS.title}
              autoComplete="off"
              aria-required="true"
            />
            <FormField
              label="Message *"
              error={errorOf('message')}
              counter={{ length: message.length, max: MARKETING_LIMITS.message }}
            >
              {(control) => (
                <textarea
                  {...control}
                  {...register('message')}
                  rows={4}
                  maxLength={MARKETING_LIMITS.message}
                  aria-required="true"
                  className={`${control.className} resize-y`}
                />
              )}
            </FormField>

            <div>
              <SingleImageField
                {...IMAGE_UPLOAD_PROPS}
                label="Image"
                currentUrl={removeImage ? null : (source?.imageUrl ?? null)}
                file={image}
                onChange={handleImageChange}
                disabled={saving}
                error={errorOf('image')}
              />
              <RemoveImageToggle
                noun="image"
                removable={Boolean(source?.imageUrl) && !image}
                removing={removeImage}
                onToggle={() => {
                  setValue('removeImage', !removeImage);
                }}
                hint={
                  copyOf?.imageUrl && !notification && !image
                    ? 'The image of the original is copied with it. Choose another file to use a different one.'
                    : 'Optional. Shown with push notifications and e-mails.'
                }
              />
              {progress !== null ? (
                <div className="mt-2">
                  <ProgressBar value={progress} label="Uploading image" />
                </div>
              ) : null}
            </div>

            <TextField
              label="Link"
              error={errorOf('link')}
              hint={
                errorOf('link')
                  ? undefined
                  : 'Optional. An in-app path such as /services/itineraries, or an https:// address.'
              }
              {...register('link')}
              maxLength={MARKETING_LIMITS.link}
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="/services/itineraries or https://…"
            />

            <fieldset
              aria-describedby={errorOf('channels') ? `${ids.channels}-error` : undefined}
              aria-invalid={invalid('channels')}
            >
              <legend className={labelClasses}>Channels *</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {MARKETING_CHANNELS.map((channel) => (
                  <label
                    key={channel}
                    className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm text-slate-700 has-checked:border-teal-500 has-checked:bg-teal-50 dark:text-slate-200 dark:has-checked:border-teal-400 dark:has-checked:bg-teal-400/10 ${
                      errorOf('channels')
                        ? 'border-red-500 dark:border-red-500'
                        : 'border-slate-300 dark:border-slate-700'
                    }`}
                  >
                    <input
                      type="checkbox"
                      value={channel}
                      {...register('channels')}
                      className="size-4 accent-teal-600"
                    />
                    {CHANNEL_LABELS[channel]}
                  </label>
                ))}
              </div>
              <FieldNotes id={ids.channels} error={errorOf('channels')} />
            </fieldset>

            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Audience *"
                error={errorOf('audienceType')}
                {...register('audienceType', { deps: ['userTypeId'] })}
                aria-required="true"
                options={AUDIENCE_TYPES.map((type) => ({
                  value: type,
                  label: AUDIENCE_LABELS[type],
                }))}
              />
              {wantsUserType ? (
                <SelectField
                  label="User type *"
                  error={errorOf('userTypeId')}
                  {...register('userTypeId')}
                  value={userTypeId}
                  aria-required="true"
                  placeholder={
                    userTypes.isLoading ? 'Loading user types...' : 'Choose a user type...'
                  }
                  options={userTypeOptions}
                />
              ) : null}
            </div>

            <IstDateTimeField
              legend="Send at (India Standard Time) *"
              date={register('date', { deps: ['scheduledAt'] })}
              time={register('time', { deps: ['scheduledAt'] })}
              value={scheduledAt}
              error={errorOf('scheduledAt')}
              required
            />
          </fieldset>

          <div className="border-slate-200 lg:border-l lg:pl-6 dark:border-slate-800">
            <div className="lg:sticky lg:top-0">
              <NotificationPreview
                title={title}
                message={message}
                link={link}
                imageUrl={shownImage}
                when={scheduledAt ? formatIst(scheduledAt) : null}
              />
            </div>
          </div>
        </div>

        <FormError message={alert} />
        <FormActions
          saving={saving}
          onCancel={onClose}
          saveLabel={notification ? 'Save Changes' : 'Schedule Notification'}
        />
      </form>
    </Modal>
  );
};
