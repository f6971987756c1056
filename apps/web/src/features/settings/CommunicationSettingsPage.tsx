import { lazy, Suspense, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Tabs } from 'radix-ui';
import {
  COMMUNICATION_TYPES,
  SETTINGS_MESSAGES,
  SMS_PROVIDERS,
  SMTP_SECURITY,
  type CommunicationSettings,
  type CommunicationType,
  type SaveCommunicationSettingsRequest,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { FormError, hintClasses } from '../../components/ui/Form';
import { PageHeader } from '../../components/ui/PageHeader';
import { Switch } from '../../components/ui/Switch';
import { TagsInput } from '../../components/ui/TagsInput';
import { getErrorMessage, getErrorStatus, getFieldErrors } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { useCan } from '../auth/useCan';
import {
  buildSaveRequest,
  CHANNEL_LABELS,
  channelFieldErrors,
  SMS_PROVIDER_LABELS,
  SMTP_DEFAULT_PORTS,
  SMTP_SECURITY_LABELS,
  storedSecretOf,
  valuesFrom,
  type ChannelValues,
  type EmailValues,
  type FieldErrors,
  type SmsValues,
  type WhatsappValues,
} from './communication.forms';
import { SecretField } from './SecretField';
import { LoadFailed, LoadingBlock, SectionTitle, SelectField, TextField } from './fields';
import { loadWithTimeout } from '../../app/lazy';
import {
  useGetCommunicationSettingsQuery,
  useSaveCommunicationSettingsMutation,
  useTestCommunicationSettingsMutation,
} from './settings.api';

// The 'Activate anyway?' dialog (Radix) loads only when a save is refused as untested: in the
// page's chunk it would pass the 60 KB budget (PERFORMANCE.md).
const ConfirmDialog = lazy(() =>
  loadWithTimeout(() => import('../../components/ui/ConfirmDialog')).then((module) => ({
    default: module.ConfirmDialog,
  })),
);

interface FieldsProps<V> {
  values: V;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  errors: FieldErrors;
  storedSecret: string;
  disabled: boolean;
}

const EmailFields = ({ values, set, errors, storedSecret, disabled }: FieldsProps<EmailValues>) => (
  <>
    <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <TextField
        label="SMTP host"
        value={values.host}
        onChange={(value) => {
          set('host', value);
        }}
        placeholder="smtp.example.com"
        autoComplete="off"
        spellCheck={false}
        error={errors.host}
      />
      <TextField
        label="Port"
        type="number"
        inputMode="numeric"
        min={1}
        max={65535}
        value={values.port}
        onChange={(value) => {
          set('port', value);
        }}
        error={errors.port}
      />
    </div>
    <SelectField
      label="Security"
      value={values.security}
      options={SMTP_SECURITY.map((mode) => ({ value: mode, label: SMTP_SECURITY_LABELS[mode] }))}
      onChange={(security) => {
        set('security', security);
        // Follow the usual port of the new mode when the port was the usual one of the old.
        if (values.port === String(SMTP_DEFAULT_PORTS[values.security])) {
          set('port', String(SMTP_DEFAULT_PORTS[security]));
        }
      }}
      hint="STARTTLS upgrades a plain connection (usually port 587); SSL/TLS is encrypted from the start (465)."
      error={errors.security}
      disabled={disabled}
    />
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Username"
        value={values.user}
        onChange={(value) => {
          set('user', value);
        }}
        autoComplete="off"
        spellCheck={false}
        error={errors.user}
      />
      <SecretField
        label="Password"
        value={values.password}
        stored={storedSecret}
        onChange={(value) => {
          set('password', value);
        }}
        disabled={disabled}
        error={errors.password}
      />
    </div>
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="From name"
        value={values.fromName}
        onChange={(value) => {
          set('fromName', value);
        }}
        placeholder="Safarnama"
        error={errors.fromName}
      />
      <TextField
        label="From address"
        type="email"
        value={values.fromAddress}
        onChange={(value) => {
          set('fromAddress', value);
        }}
        placeholder="no-reply@example.com"
        error={errors.fromAddress}
      />
    </div>
  </>
);

const SmsFields = ({ values, set, errors, storedSecret, disabled }: FieldsProps<SmsValues>) => {
  const twilio = values.provider === 'twilio';
  return (
    <>
      <SelectField
        label="Provider"
        value={values.provider}
        options={SMS_PROVIDERS.map((provider) => ({
          value: provider,
          label: SMS_PROVIDER_LABELS[provider],
        }))}
        onChange={(provider) => {
          set('provider', provider);
        }}
        hint="The API the gateway speaks: Twilio's Messages API or MSG91's Flow API."
        error={errors.provider}
        disabled={disabled}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={twilio ? 'Account SID' : 'Account id'}
          value={values.accountId}
          onChange={(value) => {
            set('accountId', value);
          }}
          autoComplete="off"
          spellCheck={false}
          error={errors.accountId}
        />
        <SecretField
          label={twilio ? 'Auth token' : 'Auth key'}
          value={values.authToken}
          stored={storedSecret}
          onChange={(value) => {
            set('authToken', value);
          }}
          disabled={disabled}
          error={errors.authToken}
        />
      </div>
      <TextField
        label="Sender id"
        value={values.senderId}
        onChange={(value) => {
          set('senderId', value);
        }}
        maxLength={20}
        placeholder={twilio ? '+15005550006' : 'SAFRNM'}
        hint={
          twilio
            ? 'The number messages come from, in E.164 form.'
            : 'The 6-character header registered on the DLT platform.'
        }
        error={errors.senderId}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="DLT entity id"
          value={values.dltEntityId}
          onChange={(value) => {
            set('dltEntityId', value);
          }}
          maxLength={40}
          hint="India DLT principal entity id (needed for Indian numbers)."
          error={errors.dltEntityId}
        />
        <TextField
          label="DLT template id"
          value={values.dltTemplateId}
          onChange={(value) => {
            set('dltTemplateId', value);
          }}
          maxLength={40}
          hint="The registered content template the messages use."
          error={errors.dltTemplateId}
        />
      </div>
    </>
  );
};

const WhatsappFields = ({
  values,
  set,
  errors,
  storedSecret,
  disabled,
}: FieldsProps<WhatsappValues>) => (
  <>
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Phone number id"
        value={values.phoneNumberId}
        onChange={(value) => {
          set('phoneNumberId', value);
        }}
        autoComplete="off"
        spellCheck={false}
        hint="From Meta's WhatsApp Manager (Cloud API), not the phone number itself."
        error={errors.phoneNumberId}
      />
      <TextField
        label="Template language"
        value={values.templateLanguage}
        onChange={(value) => {
          set('templateLanguage', value);
        }}
        maxLength={10}
        placeholder="en"
        hint="Language code of the approved templates, e.g. en or en_US."
        error={errors.templateLanguage}
      />
    </div>
    <SecretField
      label="Access token"
      value={values.accessToken}
      stored={storedSecret}
      onChange={(value) => {
        set('accessToken', value);
      }}
      disabled={disabled}
      error={errors.accessToken}
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
      disabled={disabled}
      error={errors.templateNames}
    />
  </>
);

interface TestBoxProps {
  type: CommunicationType;
  configured: boolean;
  hasUnsavedChanges: boolean;
  canSend: boolean;
}

type TestOutcome =
  | { kind: 'answer'; delivered: boolean; providerResponse: string }
  | { kind: 'error'; message: string };

/** 'Send a test' through the saved settings, with the provider's answer shown under it. */
const TestBox = ({ type, configured, hasUnsavedChanges, canSend }: TestBoxProps) => {
  const id = useId();
  const isEmail = type === 'email';
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const [sendTest, { isLoading }] = useTestCommunicationSettingsMutation();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isLoading) return;
    if (!to.trim()) {
      setError('Enter where to send the test');
      return;
    }
    setError(undefined);
    setOutcome(null);
    try {
      const result = await sendTest({ type, to: to.trim() }).unwrap();
      setOutcome({
        kind: 'answer',
        delivered: result.delivered,
        providerResponse: result.providerResponse,
      });
    } catch (cause) {
      const fields = getFieldErrors(cause);
      if (fields.to) setError(fields.to);
      else
        setOutcome({
          kind: 'error',
          message: getErrorMessage(cause, SETTINGS_MESSAGES.testFailed),
        });
    }
  };

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
            value={to}
            onChange={(value) => {
              setTo(value);
              setError(undefined);
            }}
            placeholder={isEmail ? 'you@example.com' : '+919876543210'}
            hint={isEmail ? undefined : 'In international form (E.164), with the country code.'}
            error={error}
          />
          <Button type="submit" variant="secondary" loading={isLoading}>
            {isLoading ? 'Sending...' : 'Send test'}
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
        {outcome?.kind === 'answer' ? (
          <TestResult delivered={outcome.delivered} text={outcome.providerResponse} />
        ) : outcome?.kind === 'error' ? (
          <TestResult delivered={false} text={outcome.message} />
        ) : null}
      </div>
    </Card>
  );
};

const TestResult = ({ delivered, text }: { delivered: boolean; text: string }) => (
  <div
    role={delivered ? 'status' : 'alert'}
    className={`rounded-md border px-3 py-2 text-sm ${
      delivered
        ? 'border-green-200 bg-green-50 text-green-900 dark:border-green-500/30 dark:bg-green-500/10 dark:text-green-200'
        : 'border-red-200 bg-red-50 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200'
    }`}
  >
    <p className="font-semibold">
      {delivered ? SETTINGS_MESSAGES.testSent : SETTINGS_MESSAGES.testFailed}
    </p>
    {text ? (
      <p className="mt-1 font-mono text-xs break-words whitespace-pre-wrap opacity-90">
        <span className="sr-only">Provider answer: </span>
        {text}
      </p>
    ) : null}
  </div>
);

const ACTIVE_HINTS: Record<CommunicationType, string> = {
  email:
    'While on, every mail of the back-office (invitations, password resets, notifications) goes through this server.',
  sms: 'While on, SMS notifications go out through this gateway.',
  whatsapp: 'While on, WhatsApp notifications go out through this account.',
};

interface ChannelFormProps {
  type: CommunicationType;
  settings: CommunicationSettings;
  /** Tells the panel whether the form holds unsaved changes (the test box says so). */
  onDirtyChange: (dirty: boolean) => void;
}

/** One channel's form, seeded from the saved settings. */
const ChannelForm = ({ type, settings, onDirtyChange }: ChannelFormProps) => {
  const canUpdate = useCan('settings.update');
  const storedSecret = storedSecretOf(type, settings.settings);
  const [initial] = useState(() => ({
    values: valuesFrom(type, settings.settings),
    // A new channel starts off: it is switched on after a test send (or a confirmation).
    isActive: settings.isActive,
  }));
  const [values, setValues] = useState<ChannelValues[CommunicationType]>(initial.values);
  const [isActive, setIsActive] = useState(initial.isActive);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveCommunicationSettingsMutation();
  /** The save the server refused as untested (409), waiting for 'Activate anyway'. */
  const [untested, setUntested] = useState<SaveCommunicationSettingsRequest | null>(null);
  const isDirty =
    isActive !== initial.isActive || JSON.stringify(values) !== JSON.stringify(initial.values);
  useEffect(() => {
    onDirtyChange(isDirty);
  }, [isDirty, onDirtyChange]);

  const set = (key: string, value: unknown): void => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isLoading) return;
    setFormError(null);
    const built = buildSaveRequest(type, values, isActive);
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    try {
      const message = await save(built.request).unwrap();
      showToast('success', message || SETTINGS_MESSAGES.communicationSaved);
    } catch (cause) {
      if (
        getErrorStatus(cause) === 409 &&
        getErrorMessage(cause, '') === SETTINGS_MESSAGES.channelUntested
      ) {
        setUntested(built.request);
        return;
      }
      const fields = channelFieldErrors(getFieldErrors(cause));
      setErrors(fields);
      setFormError(
        Object.keys(fields).length > 0
          ? 'Some fields need attention.'
          : getErrorMessage(cause, 'The settings could not be saved. Please try again.'),
      );
    }
  };

  const disabled = !canUpdate || isLoading;
  const fieldsProps = { errors, storedSecret, disabled };
  let fields: ReactNode;
  if (type === 'email')
    fields = <EmailFields values={values as EmailValues} set={set} {...fieldsProps} />;
  else if (type === 'sms')
    fields = <SmsFields values={values as SmsValues} set={set} {...fieldsProps} />;
  else fields = <WhatsappFields values={values as WhatsappValues} set={set} {...fieldsProps} />;

  return (
    <Card className="p-5">
      <form
        noValidate
        aria-label={`${CHANNEL_LABELS[type]} settings`}
        onSubmit={(event) => void handleSubmit(event)}
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <SectionTitle
            hint={
              settings.updatedAt
                ? `Last saved ${formatDateTime(settings.updatedAt)}${
                    settings.updatedBy ? ` by ${settings.updatedBy.name}` : ''
                  }`
                : 'Not set up yet.'
            }
          >
            {CHANNEL_LABELS[type]} settings
          </SectionTitle>
        </div>
        <fieldset disabled={disabled} className="mt-5 space-y-4">
          {fields}
          <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
            <Switch
              checked={isActive}
              onChange={setIsActive}
              label="Channel active"
              description={ACTIVE_HINTS[type]}
              disabled={disabled}
            />
          </div>
        </fieldset>
        <div className="mt-5 space-y-3">
          <FormError message={formError} />
          {canUpdate ? (
            <div className="flex items-center justify-end gap-3">
              {isDirty ? (
                <span className="text-xs text-slate-500 dark:text-slate-400">Unsaved changes</span>
              ) : null}
              <Button type="submit" loading={isLoading}>
                {isLoading ? 'Saving...' : 'Save'}
              </Button>
            </div>
          ) : (
            <p className={hintClasses}>You can view these settings but not change them.</p>
          )}
        </div>
      </form>
      {untested ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={(open) => {
              if (!open) setUntested(null);
            }}
            title="Activate without a test?"
            message={SETTINGS_MESSAGES.channelUntestedConfirm}
            confirmLabel="Activate anyway"
            destructive={false}
            onConfirm={() => {
              setUntested(null);
              save({ ...untested, confirmUntested: true })
                .unwrap()
                .then((message) => {
                  showToast('success', message || SETTINGS_MESSAGES.communicationSaved);
                })
                .catch((cause: unknown) => {
                  setFormError(
                    getErrorMessage(cause, 'The settings could not be saved. Please try again.'),
                  );
                });
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
};

/**
 * Loads one channel's settings; the form starts over from every saved version (it is keyed by
 * it), the test box beside it does not: a recipient being typed while a save comes back keeps
 * its text and its focus.
 */
const ChannelPanel = ({ type }: { type: CommunicationType }) => {
  const canUpdate = useCan('settings.update');
  const [isDirty, setDirty] = useState(false);
  const { data, error, isLoading, refetch } = useGetCommunicationSettingsQuery(type, {
    refetchOnMountOrArgChange: true,
  });
  if (isLoading) return <LoadingBlock label={`Loading ${CHANNEL_LABELS[type]} settings`} />;
  if (error || !data) {
    return (
      <LoadFailed
        message={getErrorMessage(error, 'Failed to fetch the communication settings')}
        onRetry={() => void refetch()}
      />
    );
  }
  return (
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <ChannelForm
        key={`${type}-${data.updatedAt ?? 'new'}`}
        type={type}
        settings={data}
        onDirtyChange={setDirty}
      />
      <TestBox
        type={type}
        configured={data.configured}
        hasUnsavedChanges={isDirty}
        canSend={canUpdate}
      />
    </div>
  );
};

const tabClasses =
  'rounded-md px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none data-[state=active]:bg-white data-[state=active]:text-teal-700 data-[state=active]:shadow-xs dark:text-slate-400 dark:hover:text-white dark:data-[state=active]:bg-slate-800 dark:data-[state=active]:text-teal-300';

/**
 * /settings/communication-setting, 'Communication Settings' (spec §2, issue 9): one tab per
 * channel (E-mail, SMS, WhatsApp), each a form of its contract schema with the secret masked as
 * stored (kept unless replaced), the active switch, Save, and a test send that shows the
 * provider's answer.
 */
export const CommunicationSettingsPage = () => {
  const [tab, setTab] = useState<CommunicationType>('email');
  return (
    <>
      <PageHeader
        title="Communication Settings"
        description="How the back-office reaches people: the SMTP server for e-mail, the SMS gateway and the WhatsApp Cloud API account. Secrets are stored encrypted and never shown again."
      />
      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          setTab(value as CommunicationType);
        }}
      >
        <Tabs.List
          aria-label="Channels"
          className="mb-5 inline-flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900"
        >
          {COMMUNICATION_TYPES.map((type) => (
            <Tabs.Trigger key={type} value={type} className={tabClasses}>
              {CHANNEL_LABELS[type]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {COMMUNICATION_TYPES.map((type) => (
          <Tabs.Content key={type} value={type} className="focus-visible:outline-none">
            <ChannelPanel type={type} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
};

export { CommunicationSettingsPage as Component };
