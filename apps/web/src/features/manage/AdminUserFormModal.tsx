import { useWatch } from 'react-hook-form';
import {
  addAdminUserRequestSchema,
  EMAIL_MAX,
  MANAGE_MESSAGES,
  NAME_MAX,
  type AdminUser,
} from '@safarnama/contract';
import { FormActions, FormError, SelectField, TextField } from '../../components/ui/Form';
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

/**
 * 'Invite Admin' / 'Edit Admin' on `useContractForm` with `addAdminUserRequestSchema`: name,
 * e-mail, phone and role. An invited admin gets an e-mail with a link to set their own password;
 * nobody chooses it for them. Nobody changes their own role.
 */
export const AdminUserFormModal = ({ admin, isSelf, onClose }: AdminUserFormModalProps) => {
  const {
    form,
    submit,
    pending: saving,
    alert,
    dirty,
  } = useContractForm<AdminUserFormValues, typeof addAdminUserRequestSchema>({
    schema: addAdminUserRequestSchema,
    defaultValues: {
      name: admin?.name ?? '',
      email: admin?.email ?? '',
      phone: admin?.phone ?? '',
      userTypeId: admin?.userType._id ?? '',
    },
  });
  const { register, setError } = form;
  const userTypeId = useWatch({ control: form.control, name: 'userTypeId' });
  const { errors } = form.formState;
  const options = useListUserTypeOptionsQuery(undefined);
  const [invite] = useInviteAdminUserMutation();
  const [update] = useUpdateAdminUserMutation();

  const roleOptions = (options.data ?? []).map((role) => ({ value: role._id, label: role.name }));
  // The admin's current role may be disabled (not among the active options): keep it listed.
  if (admin && !roleOptions.some((option) => option.value === admin.userType._id)) {
    roleOptions.push({ value: admin.userType._id, label: `${admin.userType.name} (disabled)` });
  }

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
      dirty={dirty && !saving}
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
        <TextField
          label="Name *"
          error={errorOf('name')}
          {...register('name')}
          maxLength={NAME_MAX}
          autoComplete="off"
          aria-required="true"
        />
        <TextField
          label="E-mail *"
          error={errorOf('email')}
          type="email"
          {...register('email')}
          maxLength={EMAIL_MAX}
          autoComplete="off"
          aria-required="true"
        />
        <TextField
          label="Phone"
          error={errorOf('phone')}
          hint="Optional, e.g. +91 98765 43210"
          type="tel"
          {...register('phone')}
          maxLength={24}
          autoComplete="off"
        />
        <SelectField
          label="Role *"
          error={errorOf('userTypeId')}
          hint={isSelf ? MANAGE_MESSAGES.ownUserTypeChange : undefined}
          {...register('userTypeId')}
          value={userTypeId}
          disabled={isSelf || options.isLoading}
          aria-required="true"
          placeholder={options.isLoading ? 'Loading roles...' : 'Choose a role...'}
          options={roleOptions}
        />
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
