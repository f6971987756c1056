import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  AUDIENCE_LABELS,
  AUDIENCE_TYPES,
  IMAGE_UPLOAD_ACCEPT,
  MARKETING_CHANNELS,
  MARKETING_LIMITS,
  MARKETING_MESSAGES,
  UPLOAD_LIMITS,
  type AudienceType,
  type MarketingChannel,
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
import { getErrorMessage, getErrorStatus, getFieldErrors } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useListUserTypeOptionsQuery } from '../manage/manage.api';
import { browserDiffersFromIst, formatIst, formatLocal, istToIso } from './ist';
import { CHANNEL_LABELS, StatusBadge } from './labels';
import { useSaveScheduledNotificationMutation } from './marketing.api';
import {
  buildNotificationFormData,
  fieldOfPath,
  initialFormValues,
  validateNotification,
  type NotificationErrors,
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
const CORRECT_FIELDS = 'Please correct the highlighted fields.';
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
 * the contract's rules first (a time in the past is refused here too); the server's field errors
 * land on the fields.
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
  const [values, setValues] = useState<NotificationFormValues>(() =>
    initialFormValues(notification),
  );
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [errors, setErrors] = useState<NotificationErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [save, { isLoading: saving }] = useSaveScheduledNotificationMutation();
  const wantsUserType = values.audienceType === 'user_type';
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

  const clearError = (field: NotificationField): void => {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };
  const set = <K extends keyof NotificationFormValues>(
    key: K,
    value: NotificationFormValues[K],
    field: NotificationField = key === 'date' || key === 'time'
      ? 'scheduledAt'
      : (key as NotificationField),
  ): void => {
    setValues((current) => ({ ...current, [key]: value }));
    clearError(field);
  };

  const handleImageChange = (file: File | null): void => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = file ? URL.createObjectURL(file) : null;
    setImagePreview(previewRef.current);
    setImage(file);
    clearError('image');
  };

  const handleChannelChange = (channel: MarketingChannel, checked: boolean): void => {
    set(
      'channels',
      MARKETING_CHANNELS.filter((each) =>
        each === channel ? checked : values.channels.includes(each),
      ),
    );
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const { fields, errors: found } = validateNotification(values);
    setErrors(found);
    if (!fields) {
      setFormError(CORRECT_FIELDS);
      return;
    }
    setProgress(image ? 0 : null);
    try {
      const { message } = await save({
        ...(notification ? { id: notification._id } : {}),
        body: buildNotificationFormData(fields, {
          id: notification?._id,
          image,
          removeImage,
        }),
        hasImage: image !== null,
        onProgress: image ? setProgress : undefined,
      }).unwrap();
      showToast(
        'success',
        message || (notification ? MARKETING_MESSAGES.updated : MARKETING_MESSAGES.created),
      );
      onClose();
    } catch (failure) {
      const next: NotificationErrors = {};
      for (const [path, text] of Object.entries(getFieldErrors(failure))) {
        const field = fieldOfPath(path);
        if (field) next[field] ??= text;
      }
      const status = getErrorStatus(failure);
      const message = getErrorMessage(failure, SAVE_FAILED);
      const messageField = FIELD_OF_MESSAGE[message];
      if (messageField) next[messageField] ??= message;
      if (image && (status === 413 || status === 415)) next.image ??= message;
      setErrors(next);
      setFormError(Object.values(next).some(Boolean) ? CORRECT_FIELDS : message);
    } finally {
      setProgress(null);
    }
  };

  const scheduledAt = istToIso({ date: values.date, time: values.time });
  const shownImage = imagePreview ?? (removeImage ? null : (notification?.imageUrl ?? null));
  const userTypeOptions = userTypes.data ?? [];
  const savedUserType = notification?.audience.userType ?? null;
  // The saved user type may have been disabled since (not among the active options): keep it.
  const missingUserType =
    savedUserType && !userTypeOptions.some((type) => type._id === savedUserType._id)
      ? savedUserType
      : null;
  const invalid = (field: NotificationField) => (errors[field] ? true : undefined);
  // The summary goes with the last highlighted field.
  const shownFormError =
    formError === CORRECT_FIELDS && !Object.values(errors).some(Boolean) ? null : formError;

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
              error={errors.title}
              counter={{ length: values.title.length, max: MARKETING_LIMITS.title }}
            >
              <input
                id={ids.title}
                value={values.title}
                maxLength={MARKETING_LIMITS.title}
                autoComplete="off"
                aria-required="true"
                aria-invalid={invalid('title')}
                aria-describedby={describedBy(ids.title, errors.title, false)}
                onChange={(event) => {
                  set('title', event.target.value);
                }}
                className={inputClasses(Boolean(errors.title))}
              />
            </Field>
            <Field
              id={ids.message}
              label="Message *"
              error={errors.message}
              counter={{ length: values.message.length, max: MARKETING_LIMITS.message }}
            >
              <textarea
                id={ids.message}
                value={values.message}
                rows={4}
                maxLength={MARKETING_LIMITS.message}
                aria-required="true"
                aria-invalid={invalid('message')}
                aria-describedby={describedBy(ids.message, errors.message, false)}
                onChange={(event) => {
                  set('message', event.target.value);
                }}
                className={`${inputClasses(Boolean(errors.message))} resize-y`}
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
                error={errors.image}
              />
              {notification?.imageUrl && !image ? (
                <button
                  type="button"
                  onClick={() => {
                    setRemoveImage((current) => !current);
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
              error={errors.link}
              hint={
                errors.link
                  ? undefined
                  : 'Optional. An in-app path such as /services/itineraries, or an https:// address.'
              }
            >
              <input
                id={ids.link}
                value={values.link}
                maxLength={MARKETING_LIMITS.link}
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="/services/itineraries or https://…"
                aria-invalid={invalid('link')}
                aria-describedby={describedBy(ids.link, errors.link, !errors.link)}
                onChange={(event) => {
                  set('link', event.target.value);
                }}
                className={inputClasses(Boolean(errors.link))}
              />
            </Field>

            <fieldset
              aria-describedby={describedBy(ids.channels, errors.channels, false)}
              aria-invalid={invalid('channels')}
            >
              <legend className={labelClasses}>Channels *</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {MARKETING_CHANNELS.map((channel) => (
                  <label
                    key={channel}
                    className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm text-slate-700 has-checked:border-teal-500 has-checked:bg-teal-50 dark:text-slate-200 dark:has-checked:border-teal-400 dark:has-checked:bg-teal-400/10 ${
                      errors.channels
                        ? 'border-red-500 dark:border-red-500'
                        : 'border-slate-300 dark:border-slate-700'
                    }`}
                  >
                    <input
                      type="checkbox"
                      checked={values.channels.includes(channel)}
                      onChange={(event) => {
                        handleChannelChange(channel, event.target.checked);
                      }}
                      className="size-4 accent-teal-600"
                    />
                    {CHANNEL_LABELS[channel]}
                  </label>
                ))}
              </div>
              <FieldNotes id={ids.channels} error={errors.channels} />
            </fieldset>

            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={ids.audienceType} label="Audience *" error={errors.audienceType}>
                <select
                  id={ids.audienceType}
                  value={values.audienceType}
                  aria-required="true"
                  aria-invalid={invalid('audienceType')}
                  aria-describedby={describedBy(ids.audienceType, errors.audienceType, false)}
                  onChange={(event) => {
                    set('audienceType', event.target.value as AudienceType);
                    clearError('userTypeId');
                  }}
                  className={inputClasses(Boolean(errors.audienceType))}
                >
                  {AUDIENCE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {AUDIENCE_LABELS[type]}
                    </option>
                  ))}
                </select>
              </Field>
              {wantsUserType ? (
                <Field id={ids.userTypeId} label="User type *" error={errors.userTypeId}>
                  <select
                    id={ids.userTypeId}
                    value={values.userTypeId}
                    aria-required="true"
                    aria-invalid={invalid('userTypeId')}
                    aria-describedby={describedBy(ids.userTypeId, errors.userTypeId, false)}
                    onChange={(event) => {
                      set('userTypeId', event.target.value);
                    }}
                    className={inputClasses(Boolean(errors.userTypeId))}
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
                      <option value={missingUserType._id}>{missingUserType.name} (disabled)</option>
                    ) : null}
                  </select>
                </Field>
              ) : null}
            </div>

            <fieldset
              aria-describedby={`${ids.scheduledAt}-hint${errors.scheduledAt ? ` ${ids.scheduledAt}-error` : ''}`}
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
                    value={values.date}
                    aria-required="true"
                    aria-invalid={invalid('scheduledAt')}
                    onChange={(event) => {
                      set('date', event.target.value);
                    }}
                    className={`${inputClasses(Boolean(errors.scheduledAt))} dark:[color-scheme:dark]`}
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
                    value={values.time}
                    aria-required="true"
                    aria-invalid={invalid('scheduledAt')}
                    onChange={(event) => {
                      set('time', event.target.value);
                    }}
                    className={`${inputClasses(Boolean(errors.scheduledAt))} dark:[color-scheme:dark]`}
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
                error={errors.scheduledAt}
              />
            </fieldset>
          </fieldset>

          <div className="border-slate-200 lg:border-l lg:pl-6 dark:border-slate-800">
            <div className="lg:sticky lg:top-0">
              <NotificationPreview
                title={values.title}
                message={values.message}
                link={values.link}
                imageUrl={shownImage}
                when={scheduledAt ? formatIst(scheduledAt) : null}
              />
            </div>
          </div>
        </div>

        <FormError message={shownFormError} />
        <FormActions
          saving={saving}
          onCancel={onClose}
          saveLabel={notification ? 'Save Changes' : 'Schedule Notification'}
        />
      </form>
    </Modal>
  );
};
