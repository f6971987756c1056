import { lazy, Suspense, useState } from 'react';
import { Tabs } from 'radix-ui';
import { COMMUNICATION_TYPES, type CommunicationType } from '@safarnama/contract';
import { PageHeader } from '../../components/ui/PageHeader';
import { loadWithTimeout } from '../../app/lazy';
import { getErrorMessage } from '../../lib/errors';
import { LoadFailed, LoadingBlock } from './fields';
import { useGetCommunicationSettingsQuery } from './settings.api';

// The forms (with react-hook-form) load beside the page: in its chunk they would pass the 60 KB
// budget (PERFORMANCE.md).
const ChannelEditor = lazy(() =>
  loadWithTimeout(() => import('./ChannelEditor')).then((module) => ({
    default: module.ChannelEditor,
  })),
);

const CHANNEL_LABELS: Record<CommunicationType, string> = {
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

/** Loads one channel's settings, then its form and test box. */
const ChannelPanel = ({ type }: { type: CommunicationType }) => {
  const { data, error, isLoading, refetch } = useGetCommunicationSettingsQuery(type, {
    refetchOnMountOrArgChange: true,
  });
  const loading = <LoadingBlock label={`Loading ${CHANNEL_LABELS[type]} settings`} />;
  if (isLoading) return loading;
  if (error || !data) {
    return (
      <LoadFailed
        message={getErrorMessage(error, 'Failed to fetch the communication settings')}
        onRetry={() => void refetch()}
      />
    );
  }
  return (
    <Suspense fallback={loading}>
      <ChannelEditor settings={data} label={CHANNEL_LABELS[type]} />
    </Suspense>
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
