import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ACCOUNT_MESSAGES, changePasswordRequestSchema } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { FormError } from '../../components/ui/Form';
import { getErrorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import { NewPasswordFields, PASSWORDS_DIFFER, PasswordInput } from '../auth/PasswordFields';
import { useChangePasswordMutation } from './account.api';

const noIssueAt =
  (field: string) =>
  (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }): boolean =>
    !payload.issues.some((issue) => issue.path?.[0] === field);

/** The contract's request, the confirmation, and a new password other than the current one. */
const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmation: z.string().min(1, 'Confirm the new password') })
  .refine((values) => values.confirmation === values.newPassword, {
    path: ['confirmation'],
    message: PASSWORDS_DIFFER,
    when: noIssueAt('confirmation'),
  })
  .refine((values) => values.newPassword !== values.currentPassword, {
    path: ['newPassword'],
    message: ACCOUNT_MESSAGES.passwordSameAsOld,
    when: (payload) => noIssueAt('newPassword')(payload) && noIssueAt('currentPassword')(payload),
  });

type Values = z.input<typeof changePasswordFormSchema>;

/**
 * 'Change password' on `useContractForm`: the current one, the new one with its strength, and the
 * confirmation. On success every other session is signed out (the server says so); this one
 * stays.
 */
export const ChangePasswordCard = ({ email }: { email: string }) => {
  const { form, submit, pending, formError } = useContractForm<
    Values,
    typeof changePasswordFormSchema
  >({
    schema: changePasswordFormSchema,
    defaultValues: { currentPassword: '', newPassword: '', confirmation: '' },
    requiredMessages: { currentPassword: 'Enter your current password' },
  });
  const { errors } = form.formState;
  const [currentPassword, newPassword, confirmation] = useWatch({
    control: form.control,
    name: ['currentPassword', 'newPassword', 'confirmation'],
  });
  const [changePassword] = useChangePasswordMutation();
  const set = (field: keyof Values) => (value: string) => {
    form.setValue(field, value);
    form.clearErrors(field);
  };

  const handleSubmit = submit(
    async ({ confirmation: _confirmation, ...request }) => {
      const message = await changePassword(request).unwrap();
      showToast('success', message || ACCOUNT_MESSAGES.passwordChanged);
      form.reset();
    },
    {
      failureMessage: (error) =>
        getErrorMessage(error, 'Your password could not be changed. Please try again.'),
    },
  );

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
          onChange={set('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <NewPasswordFields
          password={newPassword}
          confirmation={confirmation}
          onPasswordChange={set('newPassword')}
          onConfirmationChange={set('confirmation')}
          passwordError={errors.newPassword?.message}
          confirmationError={errors.confirmation?.message}
        />
        {/* A field's own message says it; the box is for everything else (429, network). */}
        <FormError message={formError} />
        <div className="flex justify-end">
          <Button type="submit" loading={pending}>
            {pending ? 'Saving...' : 'Change password'}
          </Button>
        </div>
      </form>
    </Card>
  );
};
