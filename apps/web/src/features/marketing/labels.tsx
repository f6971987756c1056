import type {
  AudienceType,
  MarketingChannel,
  ScheduledNotification,
  ScheduledStatus,
} from '@safarnama/contract';
import { Badge, type BadgeTone } from '../manage/parts';

/*
 * Names of channels, audiences and statuses as the screens show them. Zod-free on purpose (the
 * contract's marketing module builds zod schemas): the dashboard's card imports this file.
 */

/** In the contract's MARKETING_CHANNELS order. */
export const CHANNEL_LABELS: Record<MarketingChannel, string> = {
  push: 'Push',
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

/** The same words as the contract's AUDIENCE_LABELS. */
const AUDIENCE_NAMES: Record<AudienceType, string> = {
  push_subscribers: 'All push subscribers',
  all_admins: 'All admins',
  user_type: 'Admins of a user type',
};

export const STATUS_LABELS: Record<ScheduledStatus, string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  partially_failed: 'Partially failed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const STATUS_TONES: Record<ScheduledStatus, BadgeTone> = {
  scheduled: 'indigo',
  sending: 'amber',
  sent: 'green',
  partially_failed: 'amber',
  failed: 'red',
  cancelled: 'slate',
};

/** 'All admins', or 'Admins of Content Editor' for a user type. */
export const audienceText = ({ audience }: Pick<ScheduledNotification, 'audience'>): string =>
  audience.type === 'user_type' && audience.userType
    ? `Admins of ${audience.userType.name}`
    : AUDIENCE_NAMES[audience.type];

/** 'E-mail, SMS'. */
export const channelsText = (channels: readonly MarketingChannel[]): string =>
  channels.map((channel) => CHANNEL_LABELS[channel]).join(', ');

export const StatusBadge = ({ status }: { status: ScheduledStatus }) => (
  <Badge tone={STATUS_TONES[status]}>
    {status === 'sending' ? (
      <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current" />
    ) : null}
    {STATUS_LABELS[status]}
  </Badge>
);
