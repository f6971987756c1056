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
