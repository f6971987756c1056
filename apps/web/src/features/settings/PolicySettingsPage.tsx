import { useWatch } from 'react-hook-form';
import {
  ITINERARY_PDF_POLICY_CHOICES,
  ITINERARY_PDF_POLICY_LABEL,
  ITINERARY_PDF_POLICY_OPTION_LABELS,
  POLICY_KEYS,
  POLICY_LABELS,
  SETTINGS_MESSAGES,
  type ItineraryPdfPolicy,
  type PolicyKey,
  type PolicySettings,
  updatePolicySettingsRequestSchema,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { FormError, SelectField, hintClasses } from '../../components/ui/Form';
import { LazyRichTextEditor } from '../../components/ui/LazyRichTextEditor';
import { PageHeader } from '../../components/ui/PageHeader';
import { getErrorMessage } from '../../lib/errors';
import { formatDateTime, useDisplaySettings } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import { useCan } from '../auth/useCan';
import { LoadFailed, LoadingBlock } from './fields';
import { useGetPolicySettingsQuery, useUpdatePolicySettingsMutation } from './settings.api';

type Contents = Record<PolicyKey, string> & { itineraryPdfPolicy: ItineraryPdfPolicy };

const contentsOf = (settings: PolicySettings): Contents => ({
  privacyPolicy: settings.privacyPolicy.content,
  termsAndConditions: settings.termsAndConditions.content,
  cancellationPolicy: settings.cancellationPolicy.content,
  itineraryPdfPolicy: settings.itineraryPdfPolicy,
});

const PDF_POLICY_OPTIONS = ITINERARY_PDF_POLICY_CHOICES.map((value) => ({
  value,
  label: ITINERARY_PDF_POLICY_OPTION_LABELS[value],
}));

/** The form on `useContractForm` with `updatePolicySettingsRequestSchema`. */
const PolicyForm = ({ settings }: { settings: PolicySettings }) => {
  useDisplaySettings(); // prices and dates follow the Basic Settings live
  const canUpdate = useCan('settings.update');
  const initial = contentsOf(settings);
  const {
    form,
    submit,
    pending: isLoading,
    alert,
  } = useContractForm<Contents, typeof updatePolicySettingsRequestSchema>({
    schema: updatePolicySettingsRequestSchema,
    defaultValues: initial,
    // Only the changed policies travel, so only they get a new 'last updated'; the PDF's
    // choice (issue 22) only when it changed.
    toRequest: (values) => ({
      ...Object.fromEntries(
        POLICY_KEYS.filter((key) => values[key] !== initial[key]).map((key) => [key, values[key]]),
      ),
      ...(values.itineraryPdfPolicy === initial.itineraryPdfPolicy
        ? {}
        : { itineraryPdfPolicy: values.itineraryPdfPolicy }),
    }),
  });
  const contents = useWatch({ control: form.control }) as Contents;
  const { errors } = form.formState;
  const [update] = useUpdatePolicySettingsMutation();
  const changed = POLICY_KEYS.filter((key) => contents[key] !== initial[key]);
  const pdfChoiceChanged = contents.itineraryPdfPolicy !== initial.itineraryPdfPolicy;
  const changes = [
    changed.length > 0 ? `${changed.length} of 3 policies changed` : '',
    pdfChoiceChanged ? 'PDF policy changed' : '',
  ].filter(Boolean);

  const handleSubmit = submit(
    async (request) => {
      if (Object.keys(request).length === 0) return;
      const message = await update(request).unwrap();
      showToast('success', message || SETTINGS_MESSAGES.policiesSaved);
    },
    {
      failureMessage: (error) =>
        getErrorMessage(error, 'The policies could not be saved. Please try again.'),
    },
  );

  return (
    <form
      noValidate
      aria-label="Policy settings"
      onSubmit={(event) => void handleSubmit(event)}
      className="space-y-6"
    >
      <Card className="p-5">
        <SelectField
          label={ITINERARY_PDF_POLICY_LABEL}
          {...form.register('itineraryPdfPolicy')}
          error={errors.itineraryPdfPolicy?.message}
          options={PDF_POLICY_OPTIONS}
          disabled={!canUpdate || isLoading}
          className="max-w-md"
          hint="Printed at the end of every itinerary PDF, after the FAQs."
        />
      </Card>
      {POLICY_KEYS.map((key) => {
        const updatedAt = settings[key].updatedAt;
        return (
          <Card key={key} className="p-5">
            <LazyRichTextEditor
              label={POLICY_LABELS[key]}
              value={contents[key]}
              height={360}
              disabled={!canUpdate || isLoading}
              error={errors[key]?.message}
              placeholder={`Write the ${POLICY_LABELS[key].toLowerCase()}...`}
              onChange={(html) => {
                form.setValue(key, html);
                form.clearErrors(key);
              }}
            />
            <p className="mt-2 flex flex-wrap items-center gap-x-2 text-xs text-slate-500 dark:text-slate-400">
              <span>
                {updatedAt ? `Last updated ${formatDateTime(updatedAt)}` : 'Not published yet'}
              </span>
              {contents[key] !== initial[key] ? (
                <span className="font-medium text-amber-700 dark:text-amber-300">· Edited</span>
              ) : null}
            </p>
          </Card>
        );
      })}
      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8 dark:border-slate-800 dark:bg-slate-950/95">
        <div className="mr-auto min-w-0">
          <FormError message={alert} />
        </div>
        {canUpdate ? (
          <>
            <span className="text-xs text-slate-500 dark:text-slate-400">
              {changes.length === 0 ? 'No changes' : changes.join(' · ')}
            </span>
            <Button type="submit" loading={isLoading} disabled={changes.length === 0}>
              {isLoading ? 'Saving...' : 'Save policies'}
            </Button>
          </>
        ) : (
          <p className={hintClasses}>You can read these policies but not change them.</p>
        )}
      </div>
    </form>
  );
};

/**
 * /settings/policy-setting, 'Policy Setting': the privacy policy, terms and conditions, and
 * cancellation and refund policy as rich text (the lazily loaded editor), each with its 'Last
 * updated', saved together (only the changed ones are sent).
 */
export const PolicySettingsPage = () => {
  const { data, error, isLoading, refetch } = useGetPolicySettingsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const version = data
    ? [...POLICY_KEYS.map((key) => data[key].updatedAt ?? ''), data.itineraryPdfPolicy].join('|')
    : '';
  return (
    <>
      <PageHeader
        title="Policy Setting"
        description="The policies travellers read before they book. The server keeps safe formatting only (headings, lists, links, emphasis)."
      />
      {isLoading ? (
        <LoadingBlock label="Loading policies" />
      ) : error || !data ? (
        <LoadFailed
          message={getErrorMessage(error, 'Failed to fetch the policies')}
          onRetry={() => void refetch()}
        />
      ) : (
        <PolicyForm key={version} settings={data} />
      )}
    </>
  );
};

export { PolicySettingsPage as Component };
