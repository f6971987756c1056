import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES, updateProfileFieldsSchema, type Profile } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import {
  FormError,
  LazyImageField,
  RemoveImageToggle,
  TextField,
  UploadProgress,
} from '../../components/ui/Form';
import { PageHeader } from '../../components/ui/PageHeader';
import { useRouteTitle } from '../../app/pageTitle';
import { Spinner } from '../../components/ui/Spinner';
import { getErrorMessage, getErrorStatus } from '../../lib/errors';
import { formatDateTime, initialsOf, useDisplaySettings } from '../../lib/format';
import { toFormData } from '../../lib/multipart';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import { useProfile } from '../auth/auth.api';
import { PasswordInput } from '../auth/PasswordFields';
import { AVATAR_FIELD, useUpdateProfileMutation } from './account.api';
import { ChangePasswordCard } from './ChangePasswordCard';

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

/** The contract's text fields of `update-profile-details`; changing the e-mail needs the password. */
const profileFormSchema = updateProfileFieldsSchema.refine(
  (fields) => fields.email === undefined || Boolean(fields.currentPassword),
  { path: ['currentPassword'], message: ACCOUNT_MESSAGES.emailNeedsPassword, when: () => true },
);

interface ProfileValues {
  name: string;
  phone: string;
  email: string;
  /** Sent only when the e-mail changes. */
  currentPassword: string;
  avatar: File | null;
  removeAvatar: boolean;
}

const SAVE_FAILED = 'Your profile could not be saved. Please try again.';

const ProfileForm = ({ profile, onDone }: { profile: Profile; onDone: () => void }) => {
  const emailChanges = (email: string) =>
    email.trim().toLowerCase() !== profile.email.toLowerCase();
  const { form, submit, pending, alert } = useContractForm<ProfileValues, typeof profileFormSchema>(
    {
      schema: profileFormSchema,
      defaultValues: {
        name: profile.name,
        phone: profile.phone ?? '',
        email: profile.email,
        currentPassword: '',
        avatar: null,
        removeAvatar: false,
      },
      // The e-mail and the password travel only when the e-mail changes.
      toRequest: ({ avatar, email, currentPassword, ...values }) => ({
        ...values,
        ...(emailChanges(email) ? { email, currentPassword } : {}),
        removeAvatar: values.removeAvatar && !avatar,
      }),
    },
  );
  const { register, setValue, clearErrors, getValues, setError } = form;
  const { errors } = form.formState;
  const [email, avatar, removeAvatar, currentPassword] = useWatch({
    control: form.control,
    name: ['email', 'avatar', 'removeAvatar', 'currentPassword'],
  });
  const [progress, setProgress] = useState<number | null>(null);
  const [updateProfile] = useUpdateProfileMutation();

  const handleSubmit = submit(
    async (request) => {
      const file = getValues('avatar');
      setProgress(file ? 0 : null);
      try {
        const message = await updateProfile({
          body: toFormData({
            ...request,
            phone: request.phone ?? '',
            removeAvatar: request.removeAvatar || undefined,
            [AVATAR_FIELD]: file,
          }),
          onProgress: file ? setProgress : undefined,
        }).unwrap();
        showToast('success', message || ACCOUNT_MESSAGES.profileUpdated);
        onDone();
      } finally {
        setProgress(null);
      }
    },
    {
      failureMessage: (error) => getErrorMessage(error, SAVE_FAILED),
      // A taken e-mail (409) and a refused photo (413 / 415) belong under their fields.
      onError: (error) => {
        const status = getErrorStatus(error);
        const field = status === 409 ? 'email' : status === 413 || status === 415 ? 'avatar' : null;
        if (!field || form.getFieldState(field).error) return false;
        setError(field, { type: 'server', message: getErrorMessage(error, SAVE_FAILED) });
        return true;
      },
    },
  );

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
          <LazyImageField
            label="Profile photo"
            currentUrl={removeAvatar ? null : profile.avatarUrl}
            file={avatar}
            onChange={(file) => {
              setValue('avatar', file);
              clearErrors('avatar');
            }}
            disabled={pending}
            error={errors.avatar?.message}
          />
          <RemoveImageToggle
            noun="photo"
            removable={Boolean(profile.avatarUrl) && !avatar}
            removing={removeAvatar}
            onToggle={() => {
              setValue('removeAvatar', !removeAvatar);
            }}
            disabled={pending}
          />
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Name"
            autoComplete="name"
            {...register('name')}
            error={errors.name?.message}
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            placeholder="+91 98765 43210"
            {...register('phone')}
            error={errors.phone?.message}
          />
        </div>

        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...register('email')}
          hint="You sign in with this address. Changing it needs your current password."
          error={errors.email?.message}
        />

        {emailChanges(email) ? (
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(value) => {
              setValue('currentPassword', value);
              clearErrors('currentPassword');
            }}
            hint={ACCOUNT_MESSAGES.emailNeedsPassword}
            error={errors.currentPassword?.message}
          />
        ) : null}

        {pending && progress !== null ? (
          <UploadProgress label="Uploading photo" progress={progress} />
        ) : null}
        <FormError message={alert} />

        <div className="flex justify-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="secondary" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {pending ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </form>
    </Card>
  );
};

/** /profile-details, /settings and /settings/profile-update: the admin's own details (view, then edit) and the password change. */
export const ProfilePage = () => {
  useDisplaySettings(); // prices and dates follow the Basic Settings live
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
