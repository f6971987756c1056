import type { ReactNode } from 'react';
import type { ScheduledNotification } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { formatIst } from '../../lib/ist';
import { audienceText, CHANNEL_LABELS, StatusBadge } from './labels';

interface NotificationViewModalProps {
  notification: ScheduledNotification;
  onClose: () => void;
  /** 'Duplicate' (left out without marketing.create). */
  onDuplicate?: (notification: ScheduledNotification) => void;
}

const Row = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="grid gap-1 py-2.5 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-4">
    <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{term}</dt>
    <dd className="min-w-0 text-sm break-words text-slate-900 dark:text-slate-100">{children}</dd>
  </div>
);

const None = ({ children = 'None' }: { children?: ReactNode }) => (
  <span className="text-slate-500 dark:text-slate-400">{children}</span>
);

/** When it went out: the send's time, or what is happening instead. */
const sentText = ({ status, sentAt }: ScheduledNotification): ReactNode => {
  if (sentAt) return formatIst(sentAt);
  if (status === 'sending') return <None>Sending now</None>;
  if (status === 'scheduled') return <None>Not yet</None>;
  return <None>—</None>;
};

/**
 * A notification as it was scheduled and sent, read-only (issue 20): title, message, image,
 * link, channels, audience, the times (the app's format, India Standard Time), who scheduled it
 * and the delivery counts per channel. Nothing in it can be edited; 'Duplicate' schedules a new
 * one from it.
 */
export const NotificationViewModal = ({
  notification,
  onClose,
  onDuplicate,
}: NotificationViewModalProps) => {
  const counted = notification.channels.filter((channel) => notification.counts[channel]);
  const totals = counted.reduce(
    (sum, channel) => {
      const counts = notification.counts[channel] ?? { sent: 0, failed: 0 };
      return { sent: sum.sent + counts.sent, failed: sum.failed + counts.failed };
    },
    { sent: 0, failed: 0 },
  );
  const th = 'px-3 py-2 text-left font-medium text-slate-600 dark:text-slate-400';
  const td = 'px-3 py-2 tabular-nums text-slate-900 dark:text-slate-100';

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="View Notification"
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <StatusBadge status={notification.status} />
          {notification.status === 'scheduled'
            ? 'Not sent yet.'
            : 'It can no longer be changed; duplicate it to send it again.'}
        </span>
      }
      size="max-w-2xl"
    >
      <dl className="divide-y divide-slate-200 dark:divide-slate-800">
        <Row term="Title">
          <span className="font-medium">{notification.title}</span>
        </Row>
        <Row term="Message">
          <span className="whitespace-pre-line">{notification.message}</span>
        </Row>
        <Row term="Image">
          {notification.imageUrl ? (
            <img
              src={notification.imageUrl}
              alt="Notification image"
              className="aspect-[2/1] w-full max-w-sm rounded-md border border-slate-200 object-cover dark:border-slate-700"
            />
          ) : (
            <None />
          )}
        </Row>
        <Row term="Link">
          {notification.link ? (
            <span className="font-mono text-[13px] break-all">{notification.link}</span>
          ) : (
            <None />
          )}
        </Row>
        <Row term="Channels">
          <ul className="flex flex-wrap gap-1" aria-label="Channels">
            {notification.channels.map((channel) => (
              <li
                key={channel}
                className="rounded-md border border-slate-200 px-1.5 py-0.5 text-xs whitespace-nowrap text-slate-700 dark:border-slate-700 dark:text-slate-300"
              >
                {CHANNEL_LABELS[channel]}
              </li>
            ))}
          </ul>
        </Row>
        <Row term="Audience">{audienceText(notification)}</Row>
        <Row term="Scheduled for">
          <time dateTime={notification.scheduledAt}>{formatIst(notification.scheduledAt)}</time>
        </Row>
        <Row term="Sent">
          {notification.sentAt ? (
            <time dateTime={notification.sentAt}>{sentText(notification)}</time>
          ) : (
            sentText(notification)
          )}
        </Row>
        <Row term="Scheduled by">
          {notification.createdBy ? notification.createdBy.name : <None>Unknown</None>}
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            on <time dateTime={notification.createdAt}>{formatIst(notification.createdAt)}</time>
          </span>
        </Row>
        <Row term="Delivery">
          {counted.length === 0 ? (
            <None>{notification.status === 'scheduled' ? 'Not sent yet' : 'No deliveries'}</None>
          ) : (
            <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
              <table className="w-full text-sm">
                <caption className="sr-only">Deliveries per channel</caption>
                <thead className="bg-slate-50 dark:bg-slate-800/60">
                  <tr>
                    <th scope="col" className={th}>
                      Channel
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      Sent
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      Failed
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                  {counted.map((channel) => {
                    const counts = notification.counts[channel] ?? { sent: 0, failed: 0 };
                    return (
                      <tr key={channel}>
                        <th scope="row" className={`${th} text-slate-900 dark:text-slate-100`}>
                          {CHANNEL_LABELS[channel]}
                        </th>
                        <td className={`${td} text-right`}>{counts.sent}</td>
                        <td
                          className={`${td} text-right ${counts.failed > 0 ? 'text-red-700 dark:text-red-400' : ''}`}
                        >
                          {counts.failed}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
                {counted.length > 1 ? (
                  <tfoot className="border-t border-slate-200 dark:border-slate-700">
                    <tr>
                      <th scope="row" className={th}>
                        Total
                      </th>
                      <td className={`${td} text-right font-medium`}>{totals.sent}</td>
                      <td className={`${td} text-right font-medium`}>{totals.failed}</td>
                    </tr>
                  </tfoot>
                ) : null}
              </table>
            </div>
          )}
        </Row>
      </dl>

      <div className="mt-4 flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        {onDuplicate ? (
          <Button
            onClick={() => {
              onDuplicate(notification);
            }}
          >
            Duplicate
          </Button>
        ) : null}
      </div>
    </Modal>
  );
};
