import { useEffect, useId, useState } from 'react';
import type { z } from 'zod';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  saveCommunicationSettingsRequestSchema,
  SETTINGS_MESSAGES,
  testCommunicationRequestSchema,
  type CommunicationSettings,
  type CommunicationType,
  type EmailChannel,
  type SmsChannel,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LazyConfirmDialog } from '../../components/ui/LazyConfirmDialog';
import { FormError, hintClasses, SelectField, TextField } from '../../components/ui/Form';
import { Switch } from '../../components/ui/Switch';
import { TagsInput } from '../../components/ui/TagsInput';
import { getErrorEnvelope, getErrorMessage, getErrorStatus } from '../../lib/errors';
import { formatDateTime, useDisplaySettings } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import { useCan } from '../auth/useCan';
import { storedSecretOf, valuesFrom, type ChannelValues } from './communication.forms';
import { SecretField } from './SecretField';
import { SectionTitle } from './fields';
import {
  useSaveCommunicationSettingsMutation,
  useTestCommunicationSettingsMutation,
} from './settings.api';

const SMTP_SECURITY_OPTIONS: { value: EmailChannel['security']; label: string }[] = [
  { value: 'none', label: 'None (plain SMTP)' },
  { value: 'starttls', label: 'STARTTLS' },
  { value: 'tls', label: 'SSL/TLS' },
];

/** The usual port of each security mode (picked when the mode changes and the port was usual). */
const SMTP_DEFAULT_PORTS: Record<string, string> = { none: '25', starttls: '587', tls: '465' };

const SMS_PROVIDER_OPTIONS: { value: SmsChannel['provider']; label: string }[] = [
  { value: 'twilio', label: 'Twilio-style' },
  { value: 'msg91', label: 'MSG91-style' },
];

interface ChannelFormValues {
  settings: ChannelValues[CommunicationType];
  isActive: boolean;
}

interface FieldsProps {
  form: UseFormReturn<ChannelFormValues, unknown, unknown>;
  /** The secret as stored (masked), '' when none is. */
  storedSecret: string;
  disabled: boolean;
}

/** What a channel's inputs share: the error at `settings.<key>` and a setter for the others. */
const useChannelFields = <T extends CommunicationType>({ form }: FieldsProps) => {
  const values = useWatch({ control: form.control, name: 'settings' }) as ChannelValues[T];
  const errors = (form.formState.errors.settings ?? {}) as Record<string, { message?: string }>;
  return {
    values,
    register: (key: keyof ChannelValues[T] & string) => ({
      ...form.register(`settings.${key}` as never),
      error: errors[key]?.message,
    }),
    set: (key: keyof ChannelValues[T] & string, value: unknown) => {
      form.setValue(`settings.${key}` as never, value as never, { shouldDirty: true });
      form.clearErrors(`settings.${key}` as never);
    },
    errorOf: (key: string) => errors[key]?.message,
  };
};

const EmailFields = (props: FieldsProps) => {
  const { values, register, set, errorOf } = useChannelFields<'email'>(props);
  const { storedSecret, disabled } = props;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField
          label="SMTP host"
          {...register('host')}
          placeholder="smtp.example.com"
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          label="Port"
          type="number"
          inputMode="numeric"
          min={1}
          max={65535}
          {...register('port')}
        />
      </div>
      <SelectField
        label="Security"
        {...register('security')}
        onChange={(event) => {
          const security = event.target.value;
          set('security', security);
          // Follow the usual port of the new mode when the port was the usual one of the old.
          if (values.port === SMTP_DEFAULT_PORTS[values.security]) {
            set('port', SMTP_DEFAULT_PORTS[security]);
          }
        }}
        options={SMTP_SECURITY_OPTIONS}
        hint="STARTTLS upgrades a plain connection (usually port 587); SSL/TLS is encrypted from the start (465)."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Username" {...register('user')} autoComplete="off" spellCheck={false} />
        <SecretField
          label="Password"
          value={values.password}
          stored={storedSecret}
          onChange={(value) => {
            set('password', value);
          }}
          disabled={disabled}
          error={errorOf('password')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="From name" {...register('fromName')} placeholder="Safarnama" />
        <TextField
          label="From address"
          type="email"
          {...register('fromAddress')}
          placeholder="no-reply@example.com"
        />
      </div>
    </>
  );
};

const SmsFields = (props: FieldsProps) => {
  const { values, register, set, errorOf } = useChannelFields<'sms'>(props);
  const twilio = values.provider === 'twilio';
  return (
    <>
      <SelectField
        label="Provider"
        {...register('provider')}
        options={SMS_PROVIDER_OPTIONS}
        hint="The API the gateway speaks: Twilio's Messages API or MSG91's Flow API."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={twilio ? 'Account SID' : 'Account id'}
          {...register('accountId')}
          autoComplete="off"
          spellCheck={false}
        />
        <SecretField
          label={twilio ? 'Auth token' : 'Auth key'}
          value={values.authToken}
          stored={props.storedSecret}
          onChange={(value) => {
            set('authToken', value);
          }}
          disabled={props.disabled}
          error={errorOf('authToken')}
        />
      </div>
      <TextField
        label="Sender id"
        {...register('senderId')}
        maxLength={20}
        placeholder={twilio ? '+15005550006' : 'SAFRNM'}
        hint={
          twilio
            ? 'The number messages come from, in E.164 form.'
            : 'The 6-character header registered on the DLT platform.'
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="DLT entity id"
          {...register('dltEntityId')}
          maxLength={40}
          hint="India DLT principal entity id (needed for Indian numbers)."
        />
        <TextField
          label="DLT template id"
          {...register('dltTemplateId')}
          maxLength={40}
          hint="The registered content template the messages use."
        />
      </div>
    </>
  );
};

const WhatsappFields = (props: FieldsProps) => {
  const { values, register, set, errorOf } = useChannelFields<'whatsapp'>(props);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Phone number id"
          {...register('phoneNumberId')}
          autoComplete="off"
          spellCheck={false}
          hint="From Meta's WhatsApp Manager (Cloud API), not the phone number itself."
        />
        <TextField
          label="Template language"
          {...register('templateLanguage')}
          maxLength={10}
          placeholder="en"
          hint="Language code of the approved templates, e.g. en or en_US."
        />
      </div>
      <SecretField
        label="Access token"
        value={values.accessToken}
        stored={props.storedSecret}
        onChange={(value) => {
          set('accessToken', value);
        }}
        disabled={props.disabled}
        error={errorOf('accessToken')}
      />
      <TagsInput
        label="Template names"
        value={values.templateNames}
        onChange={(names) => {
          set('templateNames', names);
        }}
        maxTags={20}
        maxLength={100}
        placeholder="Type a template name and press Enter"
        disabled={props.disabled}
        error={errorOf('templateNames')}
      />
    </>
  );
};

const ACTIVE_HINTS: Record<CommunicationType, string> = {
  email:
    'While on, every mail of the back-office (invitations, password resets, notifications) goes through this server.',
  sms: 'While on, SMS notifications go out through this gateway.',
  whatsapp: 'While on, WhatsApp notifications go out through this account.',
};

const SAVE_FAILED = 'The settings could not be saved. Please try again.';

interface ChannelFormProps {
  type: CommunicationType;
  /** 'E-mail', 'SMS', 'WhatsApp'. */
  label: string;
  settings: CommunicationSettings;
  /** Tells the panel whether the form holds unsaved changes (the test box says so). */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * One channel's form on `useContractForm` with `saveCommunicationSettingsRequestSchema`, seeded
 * from the saved settings: the server's details (`settings.host`) land on their inputs. A save
 * refused as untested (409) asks 'Activate anyway?' and sends it again with `confirmUntested`.
 */
const ChannelForm = ({ type, label, settings, onDirtyChange }: ChannelFormProps) => {
  useDisplaySettings(); // prices and dates follow the Basic Settings live
  const canUpdate = useCan('settings.update');
  const { form, submit, pending, alert } = useContractForm<
    ChannelFormValues,
    typeof saveCommunicationSettingsRequestSchema
  >({
    schema: saveCommunicationSettingsRequestSchema,
    // A new channel starts off: it is switched on after a test send (or a confirmation).
    defaultValues: { settings: valuesFrom(type, settings.settings), isActive: settings.isActive },
    toRequest: (values) => ({ type, ...values }),
  });
  const isActive = useWatch({ control: form.control, name: 'isActive' });
  const { isDirty } = form.formState;
  const [save] = useSaveCommunicationSettingsMutation();
  const [isUntested, setIsUntested] = useState(false);
  useEffect(() => {
    onDirtyChange(isDirty);
  }, [isDirty, onDirtyChange]);

  const saveWith =
    (confirmUntested: boolean) =>
    async (request: z.output<typeof saveCommunicationSettingsRequestSchema>) => {
      try {
        const message = await save(
          confirmUntested ? { ...request, confirmUntested } : request,
        ).unwrap();
        showToast('success', message || SETTINGS_MESSAGES.communicationSaved);
      } catch (cause) {
        // Switching on a channel that has not passed a test send asks first.
        const untested = getErrorMessage(cause, '') === SETTINGS_MESSAGES.channelUntested;
        if (confirmUntested || getErrorStatus(cause) !== 409 || !untested) throw cause;
        setIsUntested(true);
      }
    };
  const failure = { failureMessage: (cause: unknown) => getErrorMessage(cause, SAVE_FAILED) };
  const handleSubmit = submit(saveWith(false), failure);
  const handleConfirmed = submit(saveWith(true), failure);

  const disabled = !canUpdate || pending;
  const fieldsProps = { form, storedSecret: storedSecretOf(type, settings.settings), disabled };

  return (
    <Card className="p-5">
      <form
        noValidate
        aria-label={`${label} settings`}
        onSubmit={(event) => void handleSubmit(event)}
      >
        <SectionTitle
          hint={
            settings.updatedAt
              ? `Last saved ${formatDateTime(settings.updatedAt)}${
                  settings.updatedBy ? ` by ${settings.updatedBy.name}` : ''
                }`
              : 'Not set up yet.'
          }
        >
          {label} settings
        </SectionTitle>
        <fieldset disabled={disabled} className="mt-5 space-y-4">
          {type === 'email' ? <EmailFields {...fieldsProps} /> : null}
          {type === 'sms' ? <SmsFields {...fieldsProps} /> : null}
          {type === 'whatsapp' ? <WhatsappFields {...fieldsProps} /> : null}
          <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
            <Switch
              checked={isActive}
              onChange={(checked) => {
                form.setValue('isActive', checked, { shouldDirty: true });
              }}
              label="Channel active"
              description={ACTIVE_HINTS[type]}
              disabled={disabled}
            />
          </div>
        </fieldset>
        <div className="mt-5 space-y-3">
          <FormError message={alert} />
          {canUpdate ? (
            <div className="flex items-center justify-end gap-3">
              {isDirty ? (
                <span className="text-xs text-slate-500 dark:text-slate-400">Unsaved changes</span>
              ) : null}
              <Button type="submit" loading={pending}>
                {pending ? 'Saving...' : 'Save'}
              </Button>
            </div>
          ) : (
            <p className={hintClasses}>You can view these settings but not change them.</p>
          )}
        </div>
      </form>
      <LazyConfirmDialog
        open={isUntested}
        onOpenChange={(open) => {
          if (!open) setIsUntested(false);
        }}
        title="Activate without a test?"
        message={SETTINGS_MESSAGES.channelUntestedConfirm}
        confirmLabel="Activate anyway"
        destructive={false}
        onConfirm={() => {
          setIsUntested(false);
          void handleConfirmed();
        }}
      />
    </Card>
  );
};

interface TestBoxProps {
  type: CommunicationType;
  configured: boolean;
  hasUnsavedChanges: boolean;
  canSend: boolean;
}

type TestOutcome = { delivered: boolean; text: string };

/**
 * 'Send a test' through the saved settings on `useContractForm` with
 * `testCommunicationRequestSchema`, the provider's answer (or the refusal) shown under it.
 */
const TestBox = ({ type, configured, hasUnsavedChanges, canSend }: TestBoxProps) => {
  const id = useId();
  const isEmail = type === 'email';
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const { form, submit, pending } = useContractForm<
    { to: string },
    typeof testCommunicationRequestSchema
  >({
    schema: testCommunicationRequestSchema,
    defaultValues: { to: '' },
    toRequest: ({ to }) => ({ type, to }),
  });
  const [sendTest] = useTestCommunicationSettingsMutation();

  const handleSubmit = submit(
    async (request) => {
      setOutcome(null);
      const result = await sendTest(request).unwrap();
      setOutcome({ delivered: result.delivered, text: result.providerResponse });
    },
    {
      // A refusal that names no recipient error is shown where the answer goes.
      onError: (cause) => {
        if (getErrorEnvelope(cause)?.details?.some((detail) => detail.path === 'to')) return false;
        setOutcome({
          delivered: false,
          text: getErrorMessage(cause, SETTINGS_MESSAGES.testFailed),
        });
        return true;
      },
    },
  );

  return (
    <Card className="p-5">
      <SectionTitle hint="Really sends a short message through the saved settings and shows what the provider answered.">
        Send a test
      </SectionTitle>
      <form noValidate aria-label="Send a test" onSubmit={(event) => void handleSubmit(event)}>
        <fieldset disabled={!canSend || !configured} className="mt-4 space-y-3">
          <TextField
            label={isEmail ? 'Recipient e-mail' : 'Recipient phone number'}
            type={isEmail ? 'email' : 'tel'}
            {...form.register('to')}
            placeholder={isEmail ? 'you@example.com' : '+919876543210'}
            hint={isEmail ? undefined : 'In international form (E.164), with the country code.'}
            error={form.formState.errors.to?.message}
          />
          <Button type="submit" variant="secondary" loading={pending}>
            {pending ? 'Sending...' : 'Send test'}
          </Button>
        </fieldset>
      </form>
      {!configured ? (
        <p className={`${hintClasses} mt-3`}>{SETTINGS_MESSAGES.communicationNotConfigured}</p>
      ) : hasUnsavedChanges ? (
        <p className="mt-3 text-xs text-amber-700 dark:text-amber-300">
          You have unsaved changes: the test uses the saved settings.
        </p>
      ) : null}
      <div id={`${id}-result`} aria-live="polite" className="mt-4">
        {outcome ? (
          <div
            role={outcome.delivered ? 'status' : 'alert'}
            className={`rounded-md border px-3 py-2 text-sm ${
              outcome.delivered
                ? 'border-green-200 bg-green-50 text-green-900 dark:border-green-500/30 dark:bg-green-500/10 dark:text-green-200'
                : 'border-red-200 bg-red-50 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200'
            }`}
          >
            <p className="font-semibold">
              {outcome.delivered ? SETTINGS_MESSAGES.testSent : SETTINGS_MESSAGES.testFailed}
            </p>
            {outcome.text ? (
              <p className="mt-1 font-mono text-xs break-words whitespace-pre-wrap opacity-90">
                <span className="sr-only">Provider answer: </span>
                {outcome.text}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
};

/**
 * A loaded channel: its form, started over from every saved version (keyed by it), and the test
 * box beside it, which is not: a recipient being typed while a save comes back keeps its text and
 * its focus. Loaded with the form library, apart from the page (its 60 KB budget).
 */
export const ChannelEditor = ({
  settings,
  label,
}: {
  settings: CommunicationSettings;
  label: string;
}) => {
  const canUpdate = useCan('settings.update');
  const [isDirty, setDirty] = useState(false);
  const { type } = settings;
  return (
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <ChannelForm
        key={`${type}-${settings.updatedAt ?? 'new'}`}
        type={type}
        label={label}
        settings={settings}
        onDirtyChange={setDirty}
      />
      <TestBox
        type={type}
        configured={settings.configured}
        hasUnsavedChanges={isDirty}
        canSend={canUpdate}
      />
    </div>
  );
};
