import { useId, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  disableTwoFactorRequestSchema,
  verifyTwoFactorRequestSchema,
  type TwoFactorSecret,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import {
  FormError,
  FormField,
  fieldErrorClasses,
  inputClasses,
  labelClasses,
} from '../../components/ui/Form';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { getErrorMessage, toastError } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import { useProfile } from '../auth/auth.api';
import { PasswordInput } from '../auth/PasswordFields';
import {
  useDisableTwoFactorMutation,
  useGenerateTwoFactorSecretMutation,
  useVerifyTwoFactorMutation,
} from './account.api';

type Step =
  | { kind: 'status' }
  | { kind: 'scan'; secret: TwoFactorSecret }
  | { kind: 'codes'; codes: string[] };

/** 'JBSW Y3DP EHPK 3PXP': the manual key in groups of four, as authenticator apps show it. */
export const groupKey = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The recovery codes as a text file an admin can keep. */
export const recoveryCodesText = (codes: readonly string[], email: string): string =>
  [
    'Safarnama back-office: two-factor recovery codes',
    `Account: ${email}`,
    `Created: ${new Date().toISOString()}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');

const copyText = async (text: string, done: string): Promise<void> => {
  try {
    await navigator.clipboard.writeText(text);
    showToast('success', done);
  } catch {
    showToast('error', 'Copying is not allowed here. Select the text and copy it yourself.');
  }
};

const downloadText = (text: string, fileName: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};

const StateBadge = ({ on }: { on: boolean }) => (
  <span
    className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-semibold ${
      on
        ? 'bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300'
        : 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300'
    }`}
  >
    <span
      aria-hidden="true"
      className={`size-2 rounded-full ${on ? 'bg-green-600 dark:bg-green-400' : 'bg-amber-500 dark:bg-amber-400'}`}
    />
    {on ? 'On' : 'Off'}
  </span>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card className="p-6">
    <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
    <div className="mt-4">{children}</div>
  </Card>
);

/** Step 1 and 2 of turning it on: scan (or type the key), then prove it with a code. */
const ScanStep = ({
  secret,
  onEnabled,
  onCancel,
}: {
  secret: TwoFactorSecret;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) => {
  const id = useId();
  const {
    form,
    submit,
    pending: isLoading,
    formError,
  } = useContractForm<{ otp: string }, typeof verifyTwoFactorRequestSchema>({
    schema: verifyTwoFactorRequestSchema,
    defaultValues: { otp: '' },
  });
  const fieldError = form.formState.errors.otp?.message ?? null;
  const [verify] = useVerifyTwoFactorMutation();

  const handleSubmit = submit(
    async (request) => {
      onEnabled(await verify(request).unwrap());
    },
    {
      failureMessage: (error) => getErrorMessage(error, 'The code could not be checked.'),
      // A refused code is typed again from scratch.
      onError: () => {
        form.setValue('otp', '');
        return false;
      },
    },
  );

  return (
    <Section title="Turn on two-factor authentication">
      <ol className="space-y-6">
        <li>
          <p className="text-sm font-medium text-slate-900 dark:text-white">
            1. Scan this QR code with your authenticator app
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Google Authenticator, Microsoft Authenticator, 1Password, Authy and others work.
          </p>
          <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-start">
            <img
              src={secret.qrCode}
              alt="QR code for your authenticator app"
              className="size-44 shrink-0 rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-700"
            />
            <div className="min-w-0">
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Cannot scan it? Type this key into the app instead (time-based, 6 digits):
              </p>
              <p
                data-testid="manual-key"
                aria-label="Manual key"
                className="mt-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm tracking-wider break-all text-slate-900 select-all dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
              >
                {groupKey(secret.secret)}
              </p>
              <Button
                size="sm"
                variant="secondary"
                className="mt-2"
                onClick={() => {
                  void copyText(secret.secret, 'Key copied');
                }}
              >
                Copy key
              </Button>
            </div>
          </div>
        </li>
        <li>
          <form noValidate onSubmit={(event) => void handleSubmit(event)}>
            <label htmlFor={`${id}-code`} className={labelClasses}>
              2. Enter the 6-digit code the app shows
            </label>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <div className="sm:w-44">
                <input
                  id={`${id}-code`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  placeholder="123456"
                  {...form.register('otp', {
                    onChange: (event: { target: { value: string } }) => {
                      form.setValue('otp', event.target.value.replace(/\D/g, '').slice(0, 6));
                      form.clearErrors('otp');
                    },
                  })}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? `${id}-code-error` : undefined}
                  className={`${inputClasses(Boolean(fieldError))} font-mono tracking-[0.3em]`}
                />
                {fieldError ? (
                  <p id={`${id}-code-error`} className={fieldErrorClasses}>
                    {fieldError}
                  </p>
                ) : null}
              </div>
              <Button type="submit" loading={isLoading}>
                {isLoading ? 'Verifying...' : 'Verify and turn on'}
              </Button>
              <Button variant="ghost" onClick={onCancel} disabled={isLoading}>
                Cancel
              </Button>
            </div>
            <div className="mt-3">
              <FormError message={formError} />
            </div>
          </form>
        </li>
      </ol>
    </Section>
  );
};

/** Step 3: the recovery codes, shown this once, acknowledged before leaving. */
const RecoveryCodesStep = ({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) => {
  const id = useId();
  const [hasSaved, setHasSaved] = useState(false);
  const text = recoveryCodesText(codes, email);
  return (
    <Section title="Save your recovery codes">
      <div
        role="status"
        className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800 dark:border-green-900/60 dark:bg-green-950/40 dark:text-green-300"
      >
        {ACCOUNT_MESSAGES.twoFactorEnabled}
      </div>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        If you lose your phone, each of these codes signs you in once instead of a code from the
        app. <strong className="text-slate-900 dark:text-white">They are shown only now.</strong>{' '}
        Keep them in a password manager or print them.
      </p>
      <ul
        aria-label="Recovery codes"
        className="mt-4 grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:grid-cols-5 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      >
        {codes.map((code) => (
          <li key={code} className="text-center select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void copyText(codes.join('\n'), 'Recovery codes copied');
          }}
        >
          Copy codes
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            downloadText(text, 'safarnama-recovery-codes.txt');
          }}
        >
          Download (.txt)
        </Button>
      </div>
      <div className="mt-6 flex flex-col gap-4 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        <label
          htmlFor={`${id}-saved`}
          className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300"
        >
          <input
            id={`${id}-saved`}
            type="checkbox"
            checked={hasSaved}
            onChange={(event) => {
              setHasSaved(event.target.checked);
            }}
            className="size-4 rounded border-slate-300 accent-teal-600 dark:border-slate-600"
          />
          I have saved my recovery codes
        </label>
        <Button disabled={!hasSaved} onClick={onDone}>
          Done
        </Button>
      </div>
    </Section>
  );
};

const [otpRequest, passwordRequest] = disableTwoFactorRequestSchema.options;

/** The contract's two bodies, by the method chosen; a code's rule in one wording. */
const disableFormSchema = z.discriminatedUnion('method', [
  otpRequest.extend({
    method: z.literal('otp'),
    otp: z
      .string()
      .trim()
      .refine(
        (code) => otpRequest.shape.otp.safeParse(code).success,
        'Enter the 6-digit code or a recovery code',
      ),
  }),
  passwordRequest.extend({ method: z.literal('password') }),
]);

interface DisableValues {
  method: 'otp' | 'password';
  otp: string;
  password: string;
}

/** Turning it off needs a current code (or a recovery code) or the password. */
const DisableForm = () => {
  const { form, submit, pending, formError } = useContractForm<
    DisableValues,
    typeof disableFormSchema
  >({
    schema: disableFormSchema,
    defaultValues: { method: 'otp', otp: '', password: '' },
    toRequest: ({ method, otp, password }) =>
      method === 'otp' ? { method, otp } : { method, password },
    requiredMessages: {
      otp: 'Enter the 6-digit code or a recovery code',
      password: 'Enter your password',
    },
  });
  const { register, setValue, clearErrors } = form;
  const { errors } = form.formState;
  const [method, password] = useWatch({ control: form.control, name: ['method', 'password'] });
  const [disable] = useDisableTwoFactorMutation();

  const handleSubmit = submit(
    async ({ method: _method, ...request }) => {
      const message = await disable(request).unwrap();
      showToast('success', message || ACCOUNT_MESSAGES.twoFactorDisabled);
    },
    { failureMessage: (error) => getErrorMessage(error, 'Two-factor could not be turned off.') },
  );

  return (
    <Section title="Turn off two-factor authentication">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Signing in will need only your password. Prove it is you with a code from your app, a
        recovery code, or your password.
      </p>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="mt-4 space-y-4">
        <fieldset>
          <legend className={labelClasses}>Confirm with</legend>
          <div className="flex flex-wrap gap-4">
            {(
              [
                ['otp', 'A code from the app or a recovery code'],
                ['password', 'My password'],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300"
              >
                <input
                  type="radio"
                  value={value}
                  {...register('method', {
                    onChange: () => {
                      clearErrors();
                    },
                  })}
                  className="size-4 accent-teal-600"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {method === 'otp' ? (
          <FormField label="Code" error={errors.otp?.message} className="sm:max-w-xs">
            {(control) => (
              <input
                {...control}
                autoComplete="one-time-code"
                placeholder="123456 or xxxxx-xxxxx"
                maxLength={20}
                {...register('otp')}
                className={`${control.className} font-mono`}
              />
            )}
          </FormField>
        ) : (
          <div className="sm:max-w-xs">
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(value) => {
                setValue('password', value);
                clearErrors('password');
              }}
              error={errors.password?.message}
            />
          </div>
        )}
        <FormError message={formError} />
        <Button type="submit" variant="danger" loading={pending}>
          {pending ? 'Turning off...' : 'Turn off two-factor authentication'}
        </Button>
      </form>
    </Section>
  );
};

/**
 * /authenticator: whether two-factor authentication is on, turning it on (QR code and manual key,
 * a code to verify, the recovery codes shown once with copy and download) and turning it off.
 */
export const AuthenticatorPage = () => {
  const { data: profile } = useProfile();
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const [generate, { isLoading: isGenerating }] = useGenerateTwoFactorSecretMutation();

  if (!profile) {
    return (
      <div className="flex justify-center py-16 text-teal-600 dark:text-teal-400">
        <Spinner className="size-6" label="Loading" />
      </div>
    );
  }
  const isOn = profile.twoFactorEnabled;

  const handleStart = (): void => {
    generate(undefined)
      .unwrap()
      .then((secret) => {
        setStep({ kind: 'scan', secret });
      })
      .catch((error: unknown) => {
        toastError(error, 'Two-factor setup could not start. Please try again.');
      });
  };

  return (
    <>
      <PageHeader
        title="Authenticator"
        description="Two-factor authentication asks for a code from an authenticator app on your phone after your password, so a stolen password alone cannot open your account."
      />
      <div className="max-w-3xl space-y-6">
        <Card className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="flex items-center gap-3 text-base font-semibold text-slate-900 dark:text-white">
              Two-factor authentication
              <StateBadge on={isOn} />
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {isOn
                ? 'Signing in asks for a code from your authenticator app (or a recovery code).'
                : 'Signing in asks only for your password. Turn it on to protect your account.'}
            </p>
          </div>
          {!isOn && step.kind === 'status' ? (
            <Button loading={isGenerating} onClick={handleStart}>
              Turn on
            </Button>
          ) : null}
        </Card>

        {step.kind === 'scan' ? (
          <ScanStep
            secret={step.secret}
            onEnabled={(codes) => {
              setStep({ kind: 'codes', codes });
            }}
            onCancel={() => {
              setStep({ kind: 'status' });
            }}
          />
        ) : null}
        {step.kind === 'codes' ? (
          <RecoveryCodesStep
            codes={step.codes}
            email={profile.email}
            onDone={() => {
              setStep({ kind: 'status' });
            }}
          />
        ) : null}
        {isOn && step.kind === 'status' ? <DisableForm /> : null}
      </div>
    </>
  );
};

export { AuthenticatorPage as Component };
