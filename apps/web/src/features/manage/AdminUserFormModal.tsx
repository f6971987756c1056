import { useId, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import {
  addAdminUserRequestSchema,
  EMAIL_MAX,
  MANAGE_MESSAGES,
  NAME_MAX,
  type AdminUser,
} from '@safarnama/contract';
import {
  FieldNotes,
  FormActions,
  FormError,
  inputClasses,
  labelClasses,
} from '../../components/ui/Form';
import { Modal } from '../../components/ui/Modal';
import { getErrorMessage, getErrorStatus } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import {
  useInviteAdminUserMutation,
  useListUserTypeOptionsQuery,
  useUpdateAdminUserMutation,
} from './manage.api';

interface AdminUserFormValues {
  name: string;
  email: string;
  phone: string;
  userTypeId: string;
}

const SAVE_FAILED = 'Failed to save the admin. Please try again.';

interface AdminUserFormModalProps {
  /** The admin to edit; null invites a new one. */
  admin: AdminUser | null;
  /** The signed-in admin edits themselves: their role cannot change. */
  isSelf: boolean;
  onClose: () => void;
}

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

const Field = ({ id, label, error, hint, children }: FieldProps) => (
  <div>
    <label htmlFor={id} className={labelClasses}>
      {label}
    </label>
    {children}
    <FieldNotes id={id} hint={hint} error={error} />
  </div>
);

const describedBy = (id: string, error: string | undefined, hint: boolean) =>
  [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;

/**
 * 'Invite Admin' / 'Edit Admin' on `useContractForm` with `addAdminUserRequestSchema`: name,
 * e-mail, phone and role. An invited admin gets an e-mail with a link to set their own password;
 * nobody chooses it for them. Nobody changes their own role.
 */
export const AdminUserFormModal = ({ admin, isSelf, onClose }: AdminUserFormModalProps) => {
  const ids = { name: useId(), email: useId(), phone: useId(), userTypeId: useId() };
  const {
    form,
    submit,
    pending: saving,
    alert,
  } = useContractForm<AdminUserFormValues, typeof addAdminUserRequestSchema>({
    schema: addAdminUserRequestSchema,
    defaultValues: {
      name: admin?.name ?? '',
      email: admin?.email ?? '',
      phone: admin?.phone ?? '',
      userTypeId: admin?.userType._id ?? '',
    },
  });
  const { register, control, setError } = form;
  const { errors } = form.formState;
  const options = useListUserTypeOptionsQuery(undefined);
  const [invite] = useInviteAdminUserMutation();
  const [update] = useUpdateAdminUserMutation();

  const roles = options.data ?? [];
  // The admin's current role may be disabled (not among the active options): keep it listed.
  const currentMissing =
    admin && !roles.some((role) => role._id === admin.userType._id) ? admin.userType : null;

  const handleSubmit = submit(
    async (request, idempotencyKey) => {
      // The body keeps the trimmed text, '' for no phone: the server applies the same schema.
      const data = { ...request, phone: request.phone ?? '' };
      if (admin) {
        const message = await update({ id: admin._id, ...data }).unwrap();
        showToast('success', message || MANAGE_MESSAGES.userUpdated);
      } else {
        const { message, invitationSent } = await invite({ input: data, idempotencyKey }).unwrap();
        // The admin exists either way; a failed mail is retried with 'Resend invitation'.
        if (invitationSent) showToast('success', message || MANAGE_MESSAGES.userCreated);
        else showToast('warning', message || MANAGE_MESSAGES.userCreatedMailFailed);
      }
      onClose();
    },
    {
      failureMessage: (error) => getErrorMessage(error, SAVE_FAILED),
      // A taken e-mail address (409) belongs under the e-mail field.
      onError: (error) => {
        const message = getErrorMessage(error, SAVE_FAILED);
        if (getErrorStatus(error) !== 409 || message !== MANAGE_MESSAGES.emailTaken) return false;
        if (form.getFieldState('email').error) return false;
        setError('email', { type: 'server', message });
        return true;
      },
    },
  );
  const errorOf = (field: keyof AdminUserFormValues) => errors[field]?.message;

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title={admin ? 'Edit Admin' : 'Invite Admin'}
      description={
        admin
          ? undefined
          : 'They get an e-mail with a link to set their own password (valid for 72 hours).'
      }
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
        <Field id={ids.name} label="Name *" error={errorOf('name')}>
          <input
            id={ids.name}
            {...register('name')}
            maxLength={NAME_MAX}
            autoComplete="off"
            aria-required="true"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy(ids.name, errorOf('name'), false)}
            className={inputClasses(Boolean(errors.name))}
          />
        </Field>
        <Field id={ids.email} label="E-mail *" error={errorOf('email')}>
          <input
            id={ids.email}
            type="email"
            {...register('email')}
            maxLength={EMAIL_MAX}
            autoComplete="off"
            aria-required="true"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy(ids.email, errorOf('email'), false)}
            className={inputClasses(Boolean(errors.email))}
          />
        </Field>
        <Field
          id={ids.phone}
          label="Phone"
          error={errorOf('phone')}
          hint="Optional, e.g. +91 98765 43210"
        >
          <input
            id={ids.phone}
            type="tel"
            {...register('phone')}
            maxLength={24}
            autoComplete="off"
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy(ids.phone, errorOf('phone'), true)}
            className={inputClasses(Boolean(errors.phone))}
          />
        </Field>
        <Field
          id={ids.userTypeId}
          label="Role *"
          error={errorOf('userTypeId')}
          hint={isSelf ? MANAGE_MESSAGES.ownUserTypeChange : undefined}
        >
          <Controller
            control={control}
            name="userTypeId"
            render={({ field }) => (
              <select
                id={ids.userTypeId}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={isSelf || options.isLoading}
                aria-required="true"
                aria-invalid={errors.userTypeId ? true : undefined}
                aria-describedby={describedBy(ids.userTypeId, errorOf('userTypeId'), isSelf)}
                className={inputClasses(Boolean(errors.userTypeId))}
              >
                <option value="">
                  {options.isLoading ? 'Loading roles...' : 'Choose a role...'}
                </option>
                {roles.map((role) => (
                  <option key={role._id} value={role._id}>
                    {role.name}
                  </option>
                ))}
                {currentMissing ? (
                  <option value={currentMissing._id}>{currentMissing.name} (disabled)</option>
                ) : null}
              </select>
            )}
          />
        </Field>
        <FormError message={alert} />
        <FormActions
          saving={saving}
          onCancel={onClose}
          saveLabel={admin ? 'Save Changes' : 'Send Invitation'}
        />
      </form>
    </Modal>
  );
};
