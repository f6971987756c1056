import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  DEFAULT_TIME_ZONE,
  SETTINGS_MESSAGES,
  updateBasicSettingsFieldsSchema,
  type BasicSettings,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LazyConfirmDialog, preloadConfirmDialog } from '../../components/ui/LazyConfirmDialog';
import {
  FormError,
  FormField,
  hintClasses,
  LazyImageField,
  RemoveImageToggle,
  SelectField,
  TextField,
  UploadProgress,
} from '../../components/ui/Form';
import { PageHeader } from '../../components/ui/PageHeader';
import { Switch } from '../../components/ui/Switch';
import { getErrorMessage, getErrorStatus } from '../../lib/errors';
import { formatDateTime, useDisplaySettings } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { toFormData } from '../../lib/multipart';
import { useContractForm } from '../../lib/useContractForm';
import { useCan } from '../auth/useCan';
import { Badge } from '../manage/parts';
import { LoadFailed, LoadingBlock, SectionTitle } from './fields';
import {
  LOGO_FIELD,
  useGetBasicSettingsQuery,
  useUpdateBasicSettingsMutation,
} from './settings.api';
import { timeZoneOptions } from './timeZones';

const MAINTENANCE_MESSAGE_MAX = 300;

interface Values {
  productName: string;
  supportEmail: string;
  supportPhone: string;
  timeZone: string;
  currencySymbol: string;
  sessionIdleMinutes: string;
  maintenanceMode: boolean;
  maintenanceMessage: string;
  logo: File | null;
  removeLogo: boolean;
}

const valuesOf = (settings: BasicSettings): Values => ({
  productName: settings.productName,
  supportEmail: settings.supportEmail,
  supportPhone: settings.supportPhone,
  timeZone: settings.timeZone || DEFAULT_TIME_ZONE,
  currencySymbol: settings.currencySymbol || '₹',
  sessionIdleMinutes: String(settings.sessionIdleMinutes),
  maintenanceMode: settings.maintenanceMode,
  maintenanceMessage: settings.maintenanceMessage,
  logo: null,
  removeLogo: false,
});

/** The text fields as the contract's `updateBasicSettingsFieldsSchema` reads them. */
const textFields = ({ logo, ...values }: Values) => ({
  ...values,
  supportEmail: values.supportEmail.trim(),
  maintenanceMode: values.maintenanceMode ? 'true' : 'false',
  removeLogo: values.removeLogo && !logo ? 'true' : 'false',
});

/** The multipart body of `update-basic-settings`: every text field, and the logo when chosen. */
const buildBasicSettingsForm = (values: Values): FormData =>
  toFormData({
    ...Object.fromEntries(Object.entries(textFields(values)).map(([name, v]) => [name, v.trim()])),
    [LOGO_FIELD]: values.logo,
  });

/**
 * The form on `useContractForm` with `updateBasicSettingsFieldsSchema`: the server's 400 details
 * land on their fields, a refused logo file under the logo.
 */
const BasicSettingsForm = ({ settings }: { settings: BasicSettings }) => {
  useDisplaySettings(); // prices and dates follow the Basic Settings live
  const canUpdate = useCan('settings.update');
  const {
    form,
    submit,
    pending: isLoading,
    alert,
  } = useContractForm<Values, typeof updateBasicSettingsFieldsSchema>({
    schema: updateBasicSettingsFieldsSchema,
    defaultValues: valuesOf(settings),
    toRequest: textFields,
  });
  const { control, register, setValue, clearErrors, setError, getValues } = form;
  const { errors } = form.formState;
  const values = useWatch({ control }) as Values;
  const [progress, setProgress] = useState<number | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [update] = useUpdateBasicSettingsMutation();
  const turnsMaintenanceOn = values.maintenanceMode && !settings.maintenanceMode;
  const disabled = !canUpdate || isLoading;

  const set = <K extends keyof Values>(key: K, value: Values[K]): void => {
    setValue(key, value as never);
    clearErrors(key);
  };
  /** What a text input takes: its registration and its error. */
  const bind = (key: keyof Values & keyof typeof errors) => ({
    ...register(key),
    error: errors[key]?.message,
  });

  const sendSettings = async (): Promise<void> => {
    const current = getValues();
    setProgress(current.logo ? 0 : null);
    try {
      const message = await update({
        body: buildBasicSettingsForm(current),
        onProgress: current.logo ? setProgress : undefined,
      }).unwrap();
      showToast('success', message || SETTINGS_MESSAGES.basicSaved);
    } finally {
      setProgress(null);
    }
  };
  const failure = {
    failureMessage: (error: unknown) =>
      getErrorMessage(error, 'The settings could not be saved. Please try again.'),
    // A refused logo file (413 / 415) belongs under the logo.
    onError: (error: unknown) => {
      const status = getErrorStatus(error);
      if (!getValues('logo') || (status !== 413 && status !== 415)) return false;
      if (!form.getFieldState('logo').error) {
        setError('logo', { type: 'server', message: getErrorMessage(error, '') });
      }
      return true;
    },
  };
  // Turning maintenance mode on asks first; the confirmation checks and sends.
  const handleSubmit = submit(async () => {
    if (turnsMaintenanceOn) setIsConfirming(true);
    else await sendSettings();
  }, failure);
  const handleConfirmed = submit(sendSettings, failure);

  const shownLogo = values.removeLogo ? null : settings.logoUrl;

  return (
    <form
      noValidate
      aria-label="Basic settings"
      onSubmit={(event) => void handleSubmit(event)}
      className="grid items-start gap-6 xl:grid-cols-2"
    >
      <fieldset disabled={disabled} className="contents">
        <Card className="space-y-4 p-5">
          <SectionTitle hint="How the back-office names itself and where admins get help.">
            Product
          </SectionTitle>
          <TextField label="Product name" {...bind('productName')} maxLength={100} />
          <div>
            <LazyImageField
              label="Logo"
              currentUrl={shownLogo}
              file={values.logo}
              onChange={(file) => {
                set('logo', file);
              }}
              disabled={disabled}
              error={errors.logo?.message}
            />
            <RemoveImageToggle
              noun="logo"
              removable={Boolean(settings.logoUrl) && !values.logo && canUpdate}
              removing={values.removeLogo}
              onToggle={() => {
                set('removeLogo', !values.removeLogo);
              }}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Support e-mail"
              type="email"
              {...bind('supportEmail')}
              placeholder="support@example.com"
            />
            <TextField
              label="Support phone"
              type="tel"
              {...bind('supportPhone')}
              maxLength={24}
              placeholder="+91 98765 43210"
            />
          </div>
        </Card>

        <div className="space-y-6">
          <Card className="space-y-4 p-5">
            <SectionTitle hint="How times, prices and sessions behave.">
              Region and sessions
            </SectionTitle>
            <SelectField
              label="Time zone"
              {...bind('timeZone')}
              options={timeZoneOptions(settings.timeZone)}
              hint="Scheduled notifications and reports use this zone."
            />
            <div className="grid gap-4 sm:grid-cols-[9rem_minmax(0,1fr)]">
              <TextField
                label="Currency symbol"
                {...bind('currencySymbol')}
                maxLength={4}
                hint="Shown before prices."
              />
              <TextField
                label="Session idle timeout (minutes)"
                type="number"
                inputMode="numeric"
                min={5}
                max={1440}
                {...bind('sessionIdleMinutes')}
                hint="A sign-in without 'Remember me' ends after this long without activity (5 to 1440)."
              />
            </div>
          </Card>

          <Card
            className={`space-y-4 p-5 ${
              values.maintenanceMode ? 'border-amber-300 dark:border-amber-400/40' : ''
            }`}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <SectionTitle hint="Close the back-office for everyone who cannot change settings.">
                Maintenance mode
              </SectionTitle>
              {settings.maintenanceMode ? <Badge tone="amber">On now</Badge> : null}
            </div>
            <Switch
              checked={values.maintenanceMode}
              onChange={(checked) => {
                set('maintenanceMode', checked);
                if (checked) void preloadConfirmDialog();
              }}
              label="Maintenance mode"
              description="Admins with the Settings update permission keep working; everybody else sees the Service Unavailable screen."
              tone="amber"
              disabled={disabled}
            />
            <FormField
              label="Maintenance message"
              error={errors.maintenanceMessage?.message}
              hint={`Shown on the Service Unavailable screen. ${values.maintenanceMessage.length}/${MAINTENANCE_MESSAGE_MAX}`}
            >
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  maxLength={MAINTENANCE_MESSAGE_MAX}
                  {...register('maintenanceMessage')}
                  placeholder="We are updating the back-office and will be back shortly."
                />
              )}
            </FormField>
            {turnsMaintenanceOn ? (
              <p
                role="note"
                className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200"
              >
                <strong className="font-semibold">Saving turns maintenance mode on.</strong> Every
                admin without the Settings update permission is sent to the Service Unavailable
                screen at once and cannot work until you turn it off again here.
              </p>
            ) : null}
          </Card>
        </div>
      </fieldset>

      <div className="space-y-3 xl:col-span-2">
        {isLoading && progress !== null ? (
          <UploadProgress label="Uploading logo" progress={progress} />
        ) : null}
        <FormError message={alert} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {settings.updatedAt
              ? `Last saved ${formatDateTime(settings.updatedAt)}`
              : 'Not saved yet.'}
          </p>
          {canUpdate ? (
            <Button type="submit" loading={isLoading}>
              {isLoading ? 'Saving...' : 'Save settings'}
            </Button>
          ) : (
            <p className={hintClasses}>You can view these settings but not change them.</p>
          )}
        </div>
      </div>

      <LazyConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Turn maintenance mode on?"
        message="Every admin without the Settings update permission will be sent to the Service Unavailable screen right away and cannot use the back-office until you turn maintenance mode off."
        confirmLabel="Turn on and save"
        onConfirm={() => {
          setIsConfirming(false);
          void handleConfirmed();
        }}
      />
    </form>
  );
};

/** /settings/basic-settings, 'Basic Settings': product, region, sessions and maintenance mode. */
export const BasicSettingsPage = () => {
  const { data, error, isLoading, refetch } = useGetBasicSettingsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <>
      <PageHeader
        title="Basic Settings"
        description="The product's name and logo, support contacts, time zone, currency, how long an idle session lasts, and maintenance mode."
      />
      {isLoading ? (
        <LoadingBlock label="Loading basic settings" />
      ) : error || !data ? (
        <LoadFailed
          message={getErrorMessage(error, 'Failed to fetch the basic settings')}
          onRetry={() => void refetch()}
        />
      ) : (
        <BasicSettingsForm key={data.updatedAt ?? 'new'} settings={data} />
      )}
    </>
  );
};

export { BasicSettingsPage as Component };
