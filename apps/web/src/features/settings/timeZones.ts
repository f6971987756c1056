import { DEFAULT_TIME_ZONE } from '@safarnama/contract';

/** The zones the basic-settings select offers (IST first, then west to east), plus UTC. */
export const COMMON_TIME_ZONES = [
  DEFAULT_TIME_ZONE,
  'UTC',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Africa/Johannesburg',
  'Africa/Nairobi',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Colombo',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Singapore',
  'Asia/Hong_Kong',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
] as const;

/** 'GMT+5:30' for a zone now (the browser's own offset names); '' when the browser lacks it. */
export const zoneOffset = (zone: string, at = new Date()): string => {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'shortOffset',
    }).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
};

/** The select's options: the common zones, and the saved one when it is not among them. */
export const timeZoneOptions = (saved: string): { value: string; label: string }[] => {
  const zones: string[] = [...COMMON_TIME_ZONES];
  if (saved && !zones.includes(saved)) zones.unshift(saved);
  return zones.map((zone) => {
    const offset = zoneOffset(zone);
    const name = zone.replace(/_/g, ' ');
    return { value: zone, label: offset && zone !== 'UTC' ? `${name} (${offset})` : name };
  });
};
