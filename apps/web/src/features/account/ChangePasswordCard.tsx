import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { FormError } from '../../components/ui/Form';
import { getErrorMessage, getFieldErrors } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { checkNewPassword, NewPasswordFields, PasswordInput } from '../auth/PasswordFields';
import { useChangePasswordMutation } from './account.api';

interface Errors {
  currentPassword?: string;
  newPassword?: string;
  confirmation?: string;
}

/**
 * 'Change password': the current one, the new one with its strength, and the confirmation. On
 * success every other session is signed out (the server says so); this one stays.
 */
export const ChangePasswordCard = ({ email }: { email: string }) => {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isLoading) return;
    const found = checkNewPassword(newPassword, confirmation);
    const next: Errors = {
      currentPassword: currentPassword ? undefined : 'Enter your current password',
      newPassword: found.password,
      confirmation: found.confirmation,
    };
    if (!next.newPassword && currentPassword && newPassword === currentPassword) {
      next.newPassword = ACCOUNT_MESSAGES.passwordSameAsOld;
    }
    setErrors(next);
    setFormError(null);
    if (next.currentPassword || next.newPassword || next.confirmation) return;
    try {
      const message = await changePassword({ currentPassword, newPassword }).unwrap();
      showToast('success', message || ACCOUNT_MESSAGES.passwordChanged);
      setCurrentPassword('');
      setNewPassword('');
      setConfirmation('');
    } catch (error) {
      const fields = getFieldErrors(error);
      setErrors({ currentPassword: fields.currentPassword, newPassword: fields.newPassword });
      // A field's own message says it; the box is for everything else (429, network).
      setFormError(
        fields.currentPassword || fields.newPassword
          ? null
          : getErrorMessage(error, 'Your password could not be changed. Please try again.'),
      );
    }
  };

  return (
    <Card className="p-6">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">Change password</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Every other device signed in to your account will be signed out. This one stays signed in.
      </p>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="mt-5 space-y-4"
        aria-label="Change password"
      >
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(value) => {
            setCurrentPassword(value);
            setErrors((current) => ({ ...current, currentPassword: undefined }));
          }}
          error={errors.currentPassword}
        />
        <NewPasswordFields
          password={newPassword}
          confirmation={confirmation}
          onPasswordChange={(value) => {
            setNewPassword(value);
            setErrors((current) => ({ ...current, newPassword: undefined }));
          }}
          onConfirmationChange={(value) => {
            setConfirmation(value);
            setErrors((current) => ({ ...current, confirmation: undefined }));
          }}
          passwordError={errors.newPassword}
          confirmationError={errors.confirmation}
        />
        <FormError message={formError} />
        <div className="flex justify-end">
          <Button type="submit" loading={isLoading}>
            {isLoading ? 'Saving...' : 'Change password'}
          </Button>
        </div>
      </form>
    </Card>
  );
};
