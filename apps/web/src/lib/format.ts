/** Cuts `text` at `max` characters and marks the cut with '...'. */
export const truncateText = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max)}...` : text;

/** A short en-US date such as 'Jan 5, 2025'; 'N/A' when there is no (valid) date. */
export const formatShortDate = (value: string | null | undefined): string => {
  if (!value) return 'N/A';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
};

/** '1 image', 'N images'. */
export const formatCount = (count: number, singular: string, plural = `${singular}s`): string =>
  `${count} ${count === 1 ? singular : plural}`;

/** A date and time such as 'Jan 5, 2025, 3:04 PM' in the browser's time zone; 'N/A' without one. */
export const formatDateTime = (value: string | null | undefined): string => {
  if (!value) return 'N/A';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
};

/** 'just now', '5 minutes ago', '3 hours ago', '2 days ago', then the short date. */
export const formatRelativeTime = (value: string, now: number = Date.now()): string => {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return 'N/A';
  const seconds = Math.round((now - time) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return formatCount(minutes, 'minute') + ' ago';
  const hours = Math.round(minutes / 60);
  if (hours < 24) return formatCount(hours, 'hour') + ' ago';
  const days = Math.round(hours / 24);
  if (days < 7) return formatCount(days, 'day') + ' ago';
  return formatShortDate(value);
};

/** Up to two initials of a name, for an avatar without a picture ('?' when there are none). */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';
