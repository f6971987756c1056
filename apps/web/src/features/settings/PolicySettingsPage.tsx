import { useState, type FormEvent } from 'react';
import {
  POLICY_KEYS,
  POLICY_LABELS,
  RICH_TEXT_MAX,
  SETTINGS_MESSAGES,
  type PolicyKey,
  type PolicySettings,
  type UpdatePolicySettingsRequest,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { FormError, hintClasses } from '../../components/ui/Form';
import { LazyRichTextEditor } from '../../components/ui/LazyRichTextEditor';
import { PageHeader } from '../../components/ui/PageHeader';
import { getErrorMessage, getFieldErrors } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { useCan } from '../auth/useCan';
import { LoadFailed, LoadingBlock } from './fields';
import { useGetPolicySettingsQuery, useUpdatePolicySettingsMutation } from './settings.api';

type Contents = Record<PolicyKey, string>;

const contentsOf = (settings: PolicySettings): Contents => ({
  privacyPolicy: settings.privacyPolicy.content,
  termsAndConditions: settings.termsAndConditions.content,
  cancellationPolicy: settings.cancellationPolicy.content,
});

const PolicyForm = ({ settings }: { settings: PolicySettings }) => {
  const canUpdate = useCan('settings.update');
  const [initial] = useState(() => contentsOf(settings));
  const [contents, setContents] = useState<Contents>(initial);
  const [errors, setErrors] = useState<Partial<Record<PolicyKey, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdatePolicySettingsMutation();
  const changed = POLICY_KEYS.filter((key) => contents[key] !== initial[key]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (isLoading || changed.length === 0) return;
    const tooLong: Partial<Record<PolicyKey, string>> = {};
    for (const key of changed) {
      if (contents[key].length > RICH_TEXT_MAX) {
        tooLong[key] = `Must be at most ${RICH_TEXT_MAX.toLocaleString('en-US')} characters`;
      }
    }
    setErrors(tooLong);
    setFormError(null);
    if (Object.keys(tooLong).length > 0) return;
    // Only the changed policies travel, so only they get a new 'last updated'.
    const request: UpdatePolicySettingsRequest = {};
    for (const key of changed) request[key] = contents[key];
    try {
      const message = await update(request).unwrap();
      showToast('success', message || SETTINGS_MESSAGES.policiesSaved);
    } catch (error) {
      const fields = getFieldErrors(error);
      const next: Partial<Record<PolicyKey, string>> = {};
      for (const key of POLICY_KEYS) if (fields[key]) next[key] = fields[key];
      setErrors(next);
      setFormError(
        Object.keys(next).length > 0
          ? null
          : getErrorMessage(error, 'The policies could not be saved. Please try again.'),
      );
    }
  };

  return (
    <form
      noValidate
      aria-label="Policy settings"
      onSubmit={(event) => void handleSubmit(event)}
      className="space-y-6"
    >
      {POLICY_KEYS.map((key) => {
        const updatedAt = settings[key].updatedAt;
        return (
          <Card key={key} className="p-5">
            <LazyRichTextEditor
              label={POLICY_LABELS[key]}
              value={contents[key]}
              height={360}
              disabled={!canUpdate || isLoading}
              error={errors[key]}
              placeholder={`Write the ${POLICY_LABELS[key].toLowerCase()}...`}
              onChange={(html) => {
                setContents((current) => ({ ...current, [key]: html }));
                setErrors((current) => ({ ...current, [key]: undefined }));
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
          <FormError message={formError} />
        </div>
        {canUpdate ? (
          <>
            <span className="text-xs text-slate-500 dark:text-slate-400">
              {changed.length === 0 ? 'No changes' : `${changed.length} of 3 policies changed`}
            </span>
            <Button type="submit" loading={isLoading} disabled={changed.length === 0}>
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
  const version = data ? POLICY_KEYS.map((key) => data[key].updatedAt ?? '').join('|') : '';
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
