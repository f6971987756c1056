import { useWatch } from 'react-hook-form';
import {
  addUserTypeRequestSchema,
  MANAGE_MESSAGES,
  USER_TYPE_LIMITS,
  type UserType,
} from '@safarnama/contract';
import { FormActions, FormError, FormField, TextField } from '../../components/ui/Form';
import { Modal } from '../../components/ui/Modal';
import { getErrorMessage, getErrorStatus } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import { useCreateUserTypeMutation, useUpdateUserTypeMutation } from './manage.api';

interface UserTypeFormModalProps {
  /** The type to rename or describe; null creates one. */
  userType: UserType | null;
  onClose: () => void;
}

interface UserTypeFormValues {
  name: string;
  description: string;
}

const SAVE_FAILED = 'Failed to save the role. Please try again.';

/**
 * 'New Role' / 'Edit Role' on `useContractForm` with `addUserTypeRequestSchema`: a name
 * (required, unique: a 409 lands under it) and a description.
 */
export const UserTypeFormModal = ({ userType, onClose }: UserTypeFormModalProps) => {
  const {
    form,
    submit,
    pending: saving,
    alert,
    dirty,
  } = useContractForm<UserTypeFormValues, typeof addUserTypeRequestSchema>({
    schema: addUserTypeRequestSchema,
    defaultValues: { name: userType?.name ?? '', description: userType?.description ?? '' },
  });
  const { register, control, setError } = form;
  const { errors } = form.formState;
  const description = useWatch({ control, name: 'description' });
  const [create] = useCreateUserTypeMutation();
  const [update] = useUpdateUserTypeMutation();

  const handleSubmit = submit(
    async (values, idempotencyKey) => {
      const message = userType
        ? await update({ id: userType._id, ...values }).unwrap()
        : await create({ input: values, idempotencyKey }).unwrap();
      showToast(
        'success',
        message || (userType ? MANAGE_MESSAGES.userTypeUpdated : MANAGE_MESSAGES.userTypeCreated),
      );
      onClose();
    },
    {
      failureMessage: (error) => getErrorMessage(error, SAVE_FAILED),
      // A taken name (409) belongs under the name field.
      onError: (error) => {
        if (getErrorStatus(error) !== 409 || form.getFieldState('name').error) return false;
        setError('name', { type: 'server', message: getErrorMessage(error, SAVE_FAILED) });
        return true;
      },
    },
  );

  return (
    <Modal
      open
      dirty={dirty && !saving}
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title={userType ? 'Edit Role' : 'New Role'}
      description={
        userType
          ? undefined
          : 'Name the role, then choose what it may do on the Add Permission page.'
      }
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
        <TextField
          label="Name *"
          error={errors.name?.message}
          {...register('name')}
          maxLength={USER_TYPE_LIMITS.name}
          autoComplete="off"
          aria-required="true"
        />
        <FormField
          label="Description"
          error={errors.description?.message}
          counter={{ length: description.length, max: USER_TYPE_LIMITS.description }}
          hint="What this role is for, so others pick the right one."
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              {...register('description')}
              maxLength={USER_TYPE_LIMITS.description}
              className={`${control.className} resize-y`}
            />
          )}
        </FormField>
        <FormError message={alert} />
        <FormActions saving={saving} onCancel={onClose} saveLabel="Save Role" />
      </form>
    </Modal>
  );
};
