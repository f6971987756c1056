import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { EMAIL_MAX, MANAGE_MESSAGES, NAME_MAX, type AdminUser } from '@safarnama/contract';
import {
  FieldNotes,
  FormActions,
  FormError,
  inputClasses,
  labelClasses,
} from '../../components/ui/Form';
import { Modal } from '../../components/ui/Modal';
import { getErrorMessage, getErrorStatus, getFieldErrors } from '../../lib/errors';
import { useIdempotencyKey } from '../../lib/idempotency';
import { showToast } from '../../lib/toast';
import {
  useInviteAdminUserMutation,
  useListUserTypeOptionsQuery,
  useUpdateAdminUserMutation,
} from './manage.api';
import {
  validateAdminUser,
  type AdminUserField,
  type AdminUserFormValues,
  type FieldErrors,
} from './manage.forms';

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
 * 'Invite Admin' / 'Edit Admin': name, e-mail, phone and role. An invited admin gets an e-mail
 * with a link to set their own password; nobody chooses it for them. Nobody changes their own
 * role.
 */
export const AdminUserFormModal = ({ admin, isSelf, onClose }: AdminUserFormModalProps) => {
  const ids = { name: useId(), email: useId(), phone: useId(), userTypeId: useId() };
  const [values, setValues] = useState<AdminUserFormValues>({
    name: admin?.name ?? '',
    email: admin?.email ?? '',
    phone: admin?.phone ?? '',
    userTypeId: admin?.userType._id ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<AdminUserField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const options = useListUserTypeOptionsQuery(undefined);
  const [invite, inviteState] = useInviteAdminUserMutation();
  const idempotency = useIdempotencyKey();
  const [update, updateState] = useUpdateAdminUserMutation();
  const saving = inviteState.isLoading || updateState.isLoading;

  const roles = options.data ?? [];
  // The admin's current role may be disabled (not among the active options): keep it listed.
  const currentMissing =
    admin && !roles.some((role) => role._id === admin.userType._id) ? admin.userType : null;

  const set = (field: AdminUserField, value: string): void => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const { data, errors: invalid } = validateAdminUser(values);
    setErrors(invalid);
    if (!data) return;
    try {
      if (admin) {
        const message = await update({ id: admin._id, ...data }).unwrap();
        showToast('success', message || MANAGE_MESSAGES.userUpdated);
      } else {
        const { message, invitationSent } = await invite({
          input: data,
          idempotencyKey: idempotency.key,
        }).unwrap();
        idempotency.renew();
        // The admin exists either way; a failed mail is retried with 'Resend invitation'.
        if (invitationSent) showToast('success', message || MANAGE_MESSAGES.userCreated);
        else showToast('warning', message || MANAGE_MESSAGES.userCreatedMailFailed);
      }
      onClose();
    } catch (error) {
      const fields = getFieldErrors(error) as FieldErrors<AdminUserField>;
      const message = getErrorMessage(error, 'Failed to save the admin. Please try again.');
      // A taken e-mail address (409) belongs under the e-mail field.
      if (getErrorStatus(error) === 409 && message === MANAGE_MESSAGES.emailTaken) {
        fields.email ??= message;
      }
      setErrors(fields);
      if (Object.values(fields).every((text) => !text)) setFormError(message);
    }
  };

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
        <Field id={ids.name} label="Name *" error={errors.name}>
          <input
            id={ids.name}
            value={values.name}
            maxLength={NAME_MAX}
            autoComplete="off"
            aria-required="true"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy(ids.name, errors.name, false)}
            onChange={(event) => {
              set('name', event.target.value);
            }}
            className={inputClasses(Boolean(errors.name))}
          />
        </Field>
        <Field id={ids.email} label="E-mail *" error={errors.email}>
          <input
            id={ids.email}
            type="email"
            value={values.email}
            maxLength={EMAIL_MAX}
            autoComplete="off"
            aria-required="true"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy(ids.email, errors.email, false)}
            onChange={(event) => {
              set('email', event.target.value);
            }}
            className={inputClasses(Boolean(errors.email))}
          />
        </Field>
        <Field
          id={ids.phone}
          label="Phone"
          error={errors.phone}
          hint="Optional, e.g. +91 98765 43210"
        >
          <input
            id={ids.phone}
            type="tel"
            value={values.phone}
            maxLength={24}
            autoComplete="off"
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy(ids.phone, errors.phone, true)}
            onChange={(event) => {
              set('phone', event.target.value);
            }}
            className={inputClasses(Boolean(errors.phone))}
          />
        </Field>
        <Field
          id={ids.userTypeId}
          label="Role *"
          error={errors.userTypeId}
          hint={isSelf ? MANAGE_MESSAGES.ownUserTypeChange : undefined}
        >
          <select
            id={ids.userTypeId}
            value={values.userTypeId}
            disabled={isSelf || options.isLoading}
            aria-required="true"
            aria-invalid={errors.userTypeId ? true : undefined}
            aria-describedby={describedBy(ids.userTypeId, errors.userTypeId, isSelf)}
            onChange={(event) => {
              set('userTypeId', event.target.value);
            }}
            className={inputClasses(Boolean(errors.userTypeId))}
          >
            <option value="">{options.isLoading ? 'Loading roles...' : 'Choose a role...'}</option>
            {roles.map((role) => (
              <option key={role._id} value={role._id}>
                {role.name}
              </option>
            ))}
            {currentMissing ? (
              <option value={currentMissing._id}>{currentMissing.name} (disabled)</option>
            ) : null}
          </select>
        </Field>
        <FormError message={formError} />
        <FormActions
          saving={saving}
          onCancel={onClose}
          saveLabel={admin ? 'Save Changes' : 'Send Invitation'}
        />
      </form>
    </Modal>
  );
};
