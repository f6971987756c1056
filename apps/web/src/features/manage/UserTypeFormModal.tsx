import { useId, useState, type FormEvent } from 'react';
import { MANAGE_MESSAGES, USER_TYPE_LIMITS, type UserType } from '@safarnama/contract';
import {
  fieldErrorClasses,
  FormActions,
  FormError,
  hintClasses,
  inputClasses,
  labelClasses,
} from '../../components/ui/Form';
import { Modal } from '../../components/ui/Modal';
import { getErrorMessage, getErrorStatus, getFieldErrors } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useIdempotencyKey } from '../../lib/idempotency';
import { useCreateUserTypeMutation, useUpdateUserTypeMutation } from './manage.api';
import { validateUserType } from './manage.forms';

interface UserTypeFormModalProps {
  /** The type to rename or describe; null creates one. */
  userType: UserType | null;
  onClose: () => void;
}

type Field = 'name' | 'description';

/** 'New Role' / 'Edit Role': a name (required, unique) and a description. */
export const UserTypeFormModal = ({ userType, onClose }: UserTypeFormModalProps) => {
  const ids = { name: useId(), description: useId() };
  const [name, setName] = useState(userType?.name ?? '');
  const [description, setDescription] = useState(userType?.description ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [create, createState] = useCreateUserTypeMutation();
  const idempotency = useIdempotencyKey();
  const [update, updateState] = useUpdateUserTypeMutation();
  const saving = createState.isLoading || updateState.isLoading;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const { data: values, errors: invalid } = validateUserType({ name, description });
    setErrors(invalid);
    if (!values) return;
    try {
      const message = userType
        ? await update({ id: userType._id, ...values }).unwrap()
        : await create({ input: values, idempotencyKey: idempotency.key }).unwrap();
      idempotency.renew();
      showToast(
        'success',
        message || (userType ? MANAGE_MESSAGES.userTypeUpdated : MANAGE_MESSAGES.userTypeCreated),
      );
      onClose();
    } catch (error) {
      const fields = getFieldErrors(error);
      const message = getErrorMessage(error, 'Failed to save the role. Please try again.');
      // A taken name (409) belongs under the name field.
      if (getErrorStatus(error) === 409) fields.name ??= message;
      setErrors({ name: fields.name, description: fields.description });
      if (!fields.name && !fields.description) setFormError(message);
    }
  };

  return (
    <Modal
      open
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
        <div>
          <label htmlFor={ids.name} className={labelClasses}>
            Name *
          </label>
          <input
            id={ids.name}
            value={name}
            maxLength={USER_TYPE_LIMITS.name}
            autoComplete="off"
            aria-required="true"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${ids.name}-error` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              if (errors.name) setErrors((current) => ({ ...current, name: undefined }));
            }}
            className={inputClasses(Boolean(errors.name))}
          />
          {errors.name ? (
            <p id={`${ids.name}-error`} className={fieldErrorClasses}>
              {errors.name}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={ids.description} className={labelClasses}>
            Description
          </label>
          <textarea
            id={ids.description}
            rows={3}
            value={description}
            maxLength={USER_TYPE_LIMITS.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={`${ids.description}-hint`}
            onChange={(event) => {
              setDescription(event.target.value);
            }}
            className={`${inputClasses(Boolean(errors.description))} resize-y`}
          />
          <p id={`${ids.description}-hint`} className={`${hintClasses} flex justify-between`}>
            <span>What this role is for, so others pick the right one.</span>
            <span>
              {description.length}/{USER_TYPE_LIMITS.description}
            </span>
          </p>
          {errors.description ? <p className={fieldErrorClasses}>{errors.description}</p> : null}
        </div>
        <FormError message={formError} />
        <FormActions saving={saving} onCancel={onClose} saveLabel="Save Role" />
      </form>
    </Modal>
  );
};
