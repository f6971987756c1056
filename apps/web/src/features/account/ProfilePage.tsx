import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ACCOUNT_MESSAGES,
  IMAGE_UPLOAD_ACCEPT,
  UPLOAD_LIMITS,
  updateProfileFieldsSchema,
  type Profile,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import {
  FormError,
  fieldErrorClasses,
  hintClasses,
  inputClasses,
  labelClasses,
  UploadProgress,
} from '../../components/ui/Form';
import { PageHeader } from '../../components/ui/PageHeader';
import { useRouteTitle } from '../../app/pageTitle';
import { SingleImageField } from '../../components/ui/SingleImageField';
import { Spinner } from '../../components/ui/Spinner';
import { getErrorMessage, getErrorStatus, getFieldErrors } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { useProfile } from '../auth/auth.api';
import { PasswordInput } from '../auth/PasswordFields';
import {
  AVATAR_FIELD,
  buildProfileForm,
  useUpdateProfileMutation,
  type ProfileFormValues,
} from './account.api';
import { ChangePasswordCard } from './ChangePasswordCard';

const TYPES_LABEL = 'JPEG, PNG, GIF or WebP';

type Field = 'name' | 'phone' | 'email' | 'currentPassword' | 'avatar';
type Errors = Partial<Record<Field, string>>;

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';

export const Avatar = ({ profile, size = 'size-20' }: { profile: Profile; size?: string }) =>
  profile.avatarUrl ? (
    <img
      src={profile.avatarUrl}
      alt={`${profile.name}'s photo`}
      className={`${size} shrink-0 rounded-full object-cover ring-1 ring-slate-200 dark:ring-slate-700`}
    />
  ) : (
    <span
      aria-hidden="true"
      className={`${size} flex shrink-0 items-center justify-center rounded-full bg-teal-100 text-2xl font-semibold text-teal-800 dark:bg-teal-400/15 dark:text-teal-300`}
    >
      {initialsOf(profile.name)}
    </span>
  );

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
      {label}
    </dt>
    <dd className="mt-1 text-sm break-words text-slate-900 dark:text-slate-100">{children}</dd>
  </div>
);

const ProfileView = ({ profile, onEdit }: { profile: Profile; onEdit: () => void }) => (
  <Card className="p-6">
    <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
      <Avatar profile={profile} />
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{profile.name}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{profile.userType.name}</p>
      </div>
      <Button variant="secondary" onClick={onEdit}>
        Edit profile
      </Button>
    </div>
    <dl className="mt-6 grid gap-5 border-t border-slate-200 pt-6 sm:grid-cols-2 dark:border-slate-800">
      <Detail label="Email">{profile.email}</Detail>
      <Detail label="Phone">
        {profile.phone || <span className="text-slate-500 dark:text-slate-400">Not set</span>}
      </Detail>
      <Detail label="Two-factor authentication">
        <span className="flex items-center gap-2">
          <span
            className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${
              profile.twoFactorEnabled
                ? 'bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300'
                : 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300'
            }`}
          >
            {profile.twoFactorEnabled ? 'On' : 'Off'}
          </span>
          <Link
            to="/authenticator"
            className="text-sm font-medium text-teal-700 hover:underline dark:text-teal-400"
          >
            {profile.twoFactorEnabled ? 'Manage' : 'Turn on'}
          </Link>
        </span>
      </Detail>
      <Detail label="Last sign-in">
        {profile.lastLoginAt ? formatDateTime(profile.lastLoginAt) : 'N/A'}{' '}
        <Link
          to="/login-activity"
          className="ml-1 text-sm font-medium text-teal-700 hover:underline dark:text-teal-400"
        >
          Login activity
        </Link>
      </Detail>
      <Detail label="Member since">{formatDateTime(profile.createdAt)}</Detail>
    </dl>
  </Card>
);

/** The contract's field rules (text fields of `update-profile-details`), as messages per field. */
const checkFields = (values: ProfileFormValues, profile: Profile): Errors => {
  const emailChanges = values.email.trim().toLowerCase() !== profile.email.toLowerCase();
  const parsed = updateProfileFieldsSchema.safeParse({
    name: values.name,
    phone: values.phone,
    ...(emailChanges ? { email: values.email, currentPassword: values.currentPassword } : {}),
  });
  const errors: Errors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in { name: 1, phone: 1, email: 1 }) {
        errors[field as Field] ??= issue.message;
      }
    }
  }
  if (emailChanges && !values.currentPassword) {
    errors.currentPassword = ACCOUNT_MESSAGES.emailNeedsPassword;
  }
  return errors;
};

const ProfileForm = ({ profile, onDone }: { profile: Profile; onDone: () => void }) => {
  const ids = useId();
  const [values, setValues] = useState<ProfileFormValues>({
    name: profile.name,
    phone: profile.phone ?? '',
    email: profile.email,
    currentPassword: '',
    avatar: null,
    removeAvatar: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const emailChanges = values.email.trim().toLowerCase() !== profile.email.toLowerCase();

  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]): void => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isLoading) return;
    const found = checkFields(values, profile);
    setErrors(found);
    setFormError(null);
    if (Object.values(found).some(Boolean)) return;
    setProgress(values.avatar ? 0 : null);
    try {
      const message = await updateProfile({
        body: buildProfileForm(values, profile),
        onProgress: values.avatar ? setProgress : undefined,
      }).unwrap();
      showToast('success', message || ACCOUNT_MESSAGES.profileUpdated);
      onDone();
    } catch (error) {
      const fields = getFieldErrors(error);
      const status = getErrorStatus(error);
      const message = getErrorMessage(error, 'Your profile could not be saved. Please try again.');
      const next: Errors = {
        name: fields.name,
        phone: fields.phone,
        email: fields.email ?? (status === 409 ? message : undefined),
        currentPassword: fields.currentPassword,
        avatar: fields[AVATAR_FIELD] ?? (status === 413 || status === 415 ? message : undefined),
      };
      setErrors(next);
      setFormError(Object.values(next).some(Boolean) ? null : message);
    } finally {
      setProgress(null);
    }
  };

  const fieldId = (name: Field) => `${ids}-${name}`;
  const describedBy = (name: Field, hint = false) =>
    [hint ? `${fieldId(name)}-hint` : null, errors[name] ? `${fieldId(name)}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const fieldError = (name: Field) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className={fieldErrorClasses}>
        {errors[name]}
      </p>
    ) : null;

  const shownAvatar = values.removeAvatar ? null : profile.avatarUrl;

  return (
    <Card className="p-6">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">Edit profile</h2>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="mt-5 space-y-5"
        aria-label="Edit profile"
      >
        <div>
          <SingleImageField
            label="Profile photo"
            currentUrl={shownAvatar}
            file={values.avatar}
            onChange={(file) => {
              set('avatar', file);
            }}
            accept={IMAGE_UPLOAD_ACCEPT}
            maxSize={UPLOAD_LIMITS.maxFileBytes}
            minSize={UPLOAD_LIMITS.minFileBytes}
            typesLabel={TYPES_LABEL}
            disabled={isLoading}
            error={errors.avatar}
          />
          {profile.avatarUrl && !values.avatar ? (
            <button
              type="button"
              disabled={isLoading}
              onClick={() => {
                set('removeAvatar', !values.removeAvatar);
              }}
              className="mt-2 rounded text-sm font-medium text-red-700 hover:underline focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none dark:text-red-400"
            >
              {values.removeAvatar ? 'Keep current photo' : 'Remove current photo'}
            </button>
          ) : null}
          {values.removeAvatar && !values.avatar ? (
            <p className={hintClasses}>The photo will be removed when you save.</p>
          ) : null}
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor={fieldId('name')} className={labelClasses}>
              Name
            </label>
            <input
              id={fieldId('name')}
              autoComplete="name"
              value={values.name}
              onChange={(event) => {
                set('name', event.target.value);
              }}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy('name')}
              className={inputClasses(Boolean(errors.name))}
            />
            {fieldError('name')}
          </div>
          <div>
            <label htmlFor={fieldId('phone')} className={labelClasses}>
              Phone
            </label>
            <input
              id={fieldId('phone')}
              type="tel"
              autoComplete="tel"
              placeholder="+91 98765 43210"
              value={values.phone}
              onChange={(event) => {
                set('phone', event.target.value);
              }}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={describedBy('phone')}
              className={inputClasses(Boolean(errors.phone))}
            />
            {fieldError('phone')}
          </div>
        </div>

        <div>
          <label htmlFor={fieldId('email')} className={labelClasses}>
            Email
          </label>
          <input
            id={fieldId('email')}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => {
              set('email', event.target.value);
            }}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email', true)}
            className={inputClasses(Boolean(errors.email))}
          />
          <p id={`${fieldId('email')}-hint`} className={hintClasses}>
            You sign in with this address. Changing it needs your current password.
          </p>
          {fieldError('email')}
        </div>

        {emailChanges ? (
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(value) => {
              set('currentPassword', value);
            }}
            hint={ACCOUNT_MESSAGES.emailNeedsPassword}
            error={errors.currentPassword}
          />
        ) : null}

        {isLoading && progress !== null ? (
          <UploadProgress label="Uploading photo" progress={progress} />
        ) : null}
        <FormError message={formError} />

        <div className="flex justify-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="secondary" onClick={onDone} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" loading={isLoading}>
            {isLoading ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </form>
    </Card>
  );
};

/** /profile-details, /settings and /settings/profile-update: the admin's own details (view, then edit) and the password change. */
export const ProfilePage = () => {
  const { data: profile } = useProfile();
  const [isEditing, setIsEditing] = useState(false);
  // The same screen is /profile-details ('Profile'), /settings ('Settings') and
  // /settings/profile-update ('Settings Profile'): the heading is the route's.
  const heading = useRouteTitle() ?? 'Profile';

  if (!profile) {
    return (
      <div className="flex justify-center py-16 text-teal-600 dark:text-teal-400">
        <Spinner className="size-6" label="Loading profile" />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={heading}
        description="Your name, e-mail, phone and photo, and the password you sign in with."
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {isEditing ? (
          <ProfileForm
            profile={profile}
            onDone={() => {
              setIsEditing(false);
            }}
          />
        ) : (
          <ProfileView
            profile={profile}
            onEdit={() => {
              setIsEditing(true);
            }}
          />
        )}
        <ChangePasswordCard email={profile.email} />
      </div>
    </>
  );
};

export { ProfilePage as Component };
