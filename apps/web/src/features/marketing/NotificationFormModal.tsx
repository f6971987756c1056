import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import {
  AUDIENCE_LABELS,
  AUDIENCE_TYPES,
  IMAGE_UPLOAD_ACCEPT,
  MARKETING_CHANNELS,
  MARKETING_LIMITS,
  MARKETING_MESSAGES,
  UPLOAD_LIMITS,
  type ScheduledNotification,
} from '@safarnama/contract';
import {
  FieldNotes,
  FormActions,
  FormError,
  hintClasses,
  inputClasses,
  labelClasses,
} from '../../components/ui/Form';
import { Modal } from '../../components/ui/Modal';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { SingleImageField } from '../../components/ui/SingleImageField';
import { getErrorMessage, getErrorStatus } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import { useListUserTypeOptionsQuery } from '../manage/manage.api';
import { browserDiffersFromIst, formatIst, formatLocal, istToIso } from './ist';
import { CHANNEL_LABELS, StatusBadge } from './labels';
import { useSaveScheduledNotificationMutation } from './marketing.api';
import {
  buildNotificationFormData,
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
  onClose: () => void;
}

const SAVE_FAILED = 'The notification could not be saved. Please try again.';
const TYPES_LABEL = 'JPEG, PNG, GIF or WebP';

/** The server's own refusals that belong under a field. */
const FIELD_OF_MESSAGE: Record<string, NotificationField> = {
  [MARKETING_MESSAGES.inPast]: 'scheduledAt',
  [MARKETING_MESSAGES.userTypeRequired]: 'userTypeId',
  [MARKETING_MESSAGES.unknownUserType]: 'userTypeId',
};

const describedBy = (id: string, error: string | undefined, hint: boolean) =>
  [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  counter?: { length: number; max: number };
  children: ReactNode;
}

const Field = ({ id, label, error, hint, counter, children }: FieldProps) => (
  <div>
    <div className="flex items-baseline justify-between gap-2">
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {counter ? (
        <span
          aria-hidden="true"
          className={`text-xs tabular-nums ${
            counter.length > counter.max
              ? 'text-red-600 dark:text-red-400'
              : 'text-slate-500 dark:text-slate-400'
          }`}
        >
          {counter.length}/{counter.max}
        </span>
      ) : null}
    </div>
    {children}
    <FieldNotes id={id} hint={hint} error={error} />
  </div>
);

/**
 * 'Add Notification' / 'Edit Notification': title and message (with counters at the contract's
 * limits), an optional image and link, the channels, the audience (a user type for 'Admins of a
 * user type') and the date and time in IST (seconds allowed), read as Asia/Kolkata whatever the
 * browser's zone and sent as an instant at +05:30. The preview follows the typing. Checked with
 * the contract's rules first (a time in the past is refused here too) on `useContractForm`; the
 * server's field errors land on the fields. An add carries the form's Idempotency-Key and the
 * submit waits for the call: neither a retry nor a double click schedules it twice.
 */
export const NotificationFormModal = ({ notification, onClose }: NotificationFormModalProps) => {
  const baseId = useId();
  const ids = {
    title: `${baseId}-title`,
    message: `${baseId}-message`,
    link: `${baseId}-link`,
    channels: `${baseId}-channels`,
    audienceType: `${baseId}-audience`,
    userTypeId: `${baseId}-user-type`,
    date: `${baseId}-date`,
    time: `${baseId}-time`,
    scheduledAt: `${baseId}-scheduled-at`,
  };
  const {
    form,
    submit,
    pending: saving,
    alert,
  } = useContractForm<NotificationFormValues, typeof notificationFormSchema>({
    schema: notificationFormSchema,
    defaultValues: initialFormValues(notification),
    toRequest: toNotificationRequest,
    fieldOf: fieldOfPath,
  });
  const { register, control, setValue, clearErrors, setError } = form;
  const { errors } = form.formState;
  const [title, message, link, audienceType, date, time, image, removeImage] = useWatch({
    control,
    name: ['title', 'message', 'link', 'audienceType', 'date', 'time', 'image', 'removeImage'],
  });
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
          body: buildNotificationFormData(fields, { id: notification?._id, image, removeImage }),
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
  const shownImage = imagePreview ?? (removeImage ? null : (notification?.imageUrl ?? null));
  const userTypeOptions = userTypes.data ?? [];
  const savedUserType = notification?.audience.userType ?? null;
  // The saved user type may have been disabled since (not among the active options): keep it.
  const missingUserType =
    savedUserType && !userTypeOptions.some((type) => type._id === savedUserType._id)
      ? savedUserType
      : null;
  const invalid = (field: NotificationField) => (errors[field] ? true : undefined);
  const errorOf = (field: NotificationField) => errors[field]?.message;

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title={notification ? 'Edit Notification' : 'Add Notification'}
      description={
        notification ? (
          <span className="inline-flex items-center gap-2">
            Currently <StatusBadge status={notification.status} />
          </span>
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
            <Field
              id={ids.title}
              label="Title *"
              error={errorOf('title')}
              counter={{ length: title.length, max: MARKETING_LIMITS.title }}
            >
              <input
                id={ids.title}
                {...register('title')}
                maxLength={MARKETING_LIMITS.title}
                autoComplete="off"
                aria-required="true"
                aria-invalid={invalid('title')}
                aria-describedby={describedBy(ids.title, errorOf('title'), false)}
                className={inputClasses(Boolean(errorOf('title')))}
              />
            </Field>
            <Field
              id={ids.message}
              label="Message *"
              error={errorOf('message')}
              counter={{ length: message.length, max: MARKETING_LIMITS.message }}
            >
              <textarea
                id={ids.message}
                {...register('message')}
                rows={4}
                maxLength={MARKETING_LIMITS.message}
                aria-required="true"
                aria-invalid={invalid('message')}
                aria-describedby={describedBy(ids.message, errorOf('message'), false)}
                className={`${inputClasses(Boolean(errorOf('message')))} resize-y`}
              />
            </Field>

            <div>
              <SingleImageField
                label="Image"
                currentUrl={removeImage ? null : (notification?.imageUrl ?? null)}
                file={image}
                onChange={handleImageChange}
                accept={IMAGE_UPLOAD_ACCEPT}
                maxSize={UPLOAD_LIMITS.maxFileBytes}
                minSize={UPLOAD_LIMITS.minFileBytes}
                typesLabel={TYPES_LABEL}
                disabled={saving}
                error={errorOf('image')}
              />
              {notification?.imageUrl && !image ? (
                <button
                  type="button"
                  onClick={() => {
                    setValue('removeImage', !removeImage);
                  }}
                  className="mt-2 rounded text-sm font-medium text-red-700 hover:underline focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none dark:text-red-400"
                >
                  {removeImage ? 'Keep current image' : 'Remove current image'}
                </button>
              ) : null}
              {removeImage && !image ? (
                <p className={hintClasses}>The image will be removed when you save.</p>
              ) : (
                <p className={hintClasses}>Optional. Shown with push notifications and e-mails.</p>
              )}
              {progress !== null ? (
                <div className="mt-2">
                  <ProgressBar value={progress} label="Uploading image" />
                </div>
              ) : null}
            </div>

            <Field
              id={ids.link}
              label="Link"
              error={errorOf('link')}
              hint={
                errorOf('link')
                  ? undefined
                  : 'Optional. An in-app path such as /services/itineraries, or an https:// address.'
              }
            >
              <input
                id={ids.link}
                {...register('link')}
                maxLength={MARKETING_LIMITS.link}
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="/services/itineraries or https://…"
                aria-invalid={invalid('link')}
                aria-describedby={describedBy(ids.link, errorOf('link'), !errorOf('link'))}
                className={inputClasses(Boolean(errorOf('link')))}
              />
            </Field>

            <fieldset
              aria-describedby={describedBy(ids.channels, errorOf('channels'), false)}
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
              <Field id={ids.audienceType} label="Audience *" error={errorOf('audienceType')}>
                <select
                  id={ids.audienceType}
                  {...register('audienceType', { deps: ['userTypeId'] })}
                  aria-required="true"
                  aria-invalid={invalid('audienceType')}
                  aria-describedby={describedBy(ids.audienceType, errorOf('audienceType'), false)}
                  className={inputClasses(Boolean(errorOf('audienceType')))}
                >
                  {AUDIENCE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {AUDIENCE_LABELS[type]}
                    </option>
                  ))}
                </select>
              </Field>
              {wantsUserType ? (
                <Controller
                  control={control}
                  name="userTypeId"
                  render={({ field }) => (
                    <Field id={ids.userTypeId} label="User type *" error={errorOf('userTypeId')}>
                      <select
                        id={ids.userTypeId}
                        name={field.name}
                        ref={field.ref}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        aria-required="true"
                        aria-invalid={invalid('userTypeId')}
                        aria-describedby={describedBy(ids.userTypeId, errorOf('userTypeId'), false)}
                        className={inputClasses(Boolean(errorOf('userTypeId')))}
                      >
                        <option value="">
                          {userTypes.isLoading ? 'Loading user types...' : 'Choose a user type...'}
                        </option>
                        {userTypeOptions.map((type) => (
                          <option key={type._id} value={type._id}>
                            {type.name}
                          </option>
                        ))}
                        {missingUserType ? (
                          <option value={missingUserType._id}>
                            {missingUserType.name} (disabled)
                          </option>
                        ) : null}
                      </select>
                    </Field>
                  )}
                />
              ) : null}
            </div>

            <fieldset
              aria-describedby={`${ids.scheduledAt}-hint${errorOf('scheduledAt') ? ` ${ids.scheduledAt}-error` : ''}`}
            >
              <legend className={labelClasses}>Send at (India Standard Time) *</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <div>
                  <label
                    htmlFor={ids.date}
                    className="mb-1 block text-xs text-slate-600 dark:text-slate-400"
                  >
                    Date (IST)
                  </label>
                  <input
                    id={ids.date}
                    type="date"
                    {...register('date', { deps: ['scheduledAt'] })}
                    aria-required="true"
                    aria-invalid={invalid('scheduledAt')}
                    className={`${inputClasses(Boolean(errorOf('scheduledAt')))} dark:[color-scheme:dark]`}
                  />
                </div>
                <div>
                  <label
                    htmlFor={ids.time}
                    className="mb-1 block text-xs text-slate-600 dark:text-slate-400"
                  >
                    Time (IST)
                  </label>
                  <input
                    id={ids.time}
                    type="time"
                    step={1}
                    {...register('time', { deps: ['scheduledAt'] })}
                    aria-required="true"
                    aria-invalid={invalid('scheduledAt')}
                    className={`${inputClasses(Boolean(errorOf('scheduledAt')))} dark:[color-scheme:dark]`}
                  />
                </div>
              </div>
              <FieldNotes
                id={ids.scheduledAt}
                hint={
                  scheduledAt && browserDiffersFromIst(scheduledAt)
                    ? `Asia/Kolkata, UTC+05:30. That is ${formatLocal(scheduledAt)} your time.`
                    : 'Asia/Kolkata, UTC+05:30. Seconds are allowed.'
                }
                error={errorOf('scheduledAt')}
              />
            </fieldset>
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
