import { SCHEDULE_TEXTS, scheduledBadgeText } from '@safarnama/contract';
import { formatDateTime } from '../../lib/format';

interface ScheduledBadgeProps {
  /** When the scheduler makes the record live (null or absent: nothing scheduled). */
  publishAt?: string | null | undefined;
  /** When it takes it down. */
  unpublishAt?: string | null | undefined;
}

/**
 * The list pages' 'Scheduled' badge beside a record's status (issue 21): 'Scheduled · Publishes
 * Jun 1, 2026, 12:00 AM IST' in the app's date format and zone, one line per time still to come
 * (the publish first: an unpublish is always after it), the same in its title. Nothing when no
 * time is scheduled. Its pages call `useDisplaySettings()`, so a zone change redraws it.
 */
export const ScheduledBadge = ({ publishAt, unpublishAt }: ScheduledBadgeProps) => {
  const lines = [
    publishAt ? scheduledBadgeText('publish', formatDateTime(publishAt)) : null,
    unpublishAt ? scheduledBadgeText('unpublish', formatDateTime(unpublishAt)) : null,
  ].filter((line): line is string => line !== null);
  if (lines.length === 0) return null;
  return (
    <span
      title={`${SCHEDULE_TEXTS.badge}: ${lines.join('; ')}`}
      className="inline-flex max-w-56 flex-col rounded-md bg-sky-100 px-2 py-0.5 text-xs text-sky-900 dark:bg-sky-500/15 dark:text-sky-200"
    >
      {lines.map((line, index) => (
        <span key={line}>
          {index === 0 ? <span className="font-semibold">{SCHEDULE_TEXTS.badge} · </span> : null}
          {line}
        </span>
      ))}
    </span>
  );
};
