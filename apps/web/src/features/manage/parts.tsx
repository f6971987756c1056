import type { ReactNode } from 'react';
import { dateTimeParts, formatDateTime, initialsOf, useDisplaySettings } from '../../lib/format';

/**
 * A time as two short lines, 'Mar 7, 2025' over '10:15 AM IST' (narrow table columns): the app's
 * one date-time format (lib/format.ts), in the configured zone.
 */
export const DateTimeCell = ({
  value,
  empty = '—',
}: {
  value: string | null | undefined;
  empty?: string;
}) => {
  useDisplaySettings();
  const parts = dateTimeParts(value);
  if (!parts || !value) {
    return <span className="text-slate-500 dark:text-slate-400">{empty}</span>;
  }
  return (
    <time dateTime={value} title={formatDateTime(value)} className="block whitespace-nowrap">
      {parts.date}
      <span className="block text-xs text-slate-500 dark:text-slate-400">
        {parts.time} {parts.zone}
      </span>
    </time>
  );
};

const BADGE_TONES = {
  green: 'bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300',
  slate: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300',
  indigo: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-400/15 dark:text-indigo-300',
  red: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
  teal: 'bg-teal-100 text-teal-800 dark:bg-teal-400/15 dark:text-teal-300',
} as const;

export type BadgeTone = keyof typeof BADGE_TONES;

/** A small rounded label ('2FA on', 'Invitation pending', 'Built-in'). */
export const Badge = ({
  tone,
  children,
  title,
}: {
  tone: BadgeTone;
  children: ReactNode;
  title?: string;
}) => (
  <span
    title={title}
    className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${BADGE_TONES[tone]}`}
  >
    {children}
  </span>
);

/** An admin's round picture, or their initials on a tinted disc. */
export const Avatar = ({
  name,
  url,
  size = 'size-8',
}: {
  name: string;
  url: string | null;
  size?: 'size-8' | 'size-16';
}) =>
  url ? (
    <img src={url} alt="" className={`${size} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden="true"
      className={`${size} flex shrink-0 items-center justify-center rounded-full bg-teal-100 font-semibold text-teal-800 dark:bg-teal-400/15 dark:text-teal-300 ${
        size === 'size-16' ? 'text-xl' : 'text-xs'
      }`}
    >
      {initialsOf(name)}
    </span>
  );

/** A lock glyph for rows nobody may change (the built-in Super Admin). */
export const LockIcon = () => (
  <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-3.5">
    <path
      fillRule="evenodd"
      d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
      clipRule="evenodd"
    />
  </svg>
);
