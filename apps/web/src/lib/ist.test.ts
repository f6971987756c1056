import { afterEach, describe, expect, it } from 'vitest';
import {
  browserDiffersFromIst,
  defaultIstSlot,
  formatIst,
  formatLocal,
  isoToIst,
  istToIso,
} from './ist';

const ORIGINAL_TZ = process.env.TZ;

/** Runs with the process in another time zone (Node applies a changed TZ at once). */
const inZone = (zone: string) => {
  process.env.TZ = zone;
};

afterEach(() => {
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

// Zones around the world, with their offsets in November 2026 (getTimezoneOffset: minutes behind UTC).
const ZONES: [zone: string, offset: number][] = [
  ['UTC', 0],
  ['America/Los_Angeles', 480],
  ['America/New_York', 300],
  ['Europe/Berlin', -60],
  ['Asia/Kolkata', -330],
  ['Asia/Tokyo', -540],
  ['Pacific/Chatham', -825],
];

describe('IST date and time ↔ instant', () => {
  it.each(ZONES)(
    '2026-11-21 15:30:00 IST is 2026-11-21T10:00:00.000Z in a browser at %s',
    (zone, offset) => {
      inZone(zone);
      // The process really is in that zone (otherwise this test proves nothing).
      expect(new Date('2026-11-21T10:00:00Z').getTimezoneOffset()).toBe(offset);
      const iso = istToIso({ date: '2026-11-21', time: '15:30:00' });
      expect(iso).toBe('2026-11-21T15:30:00+05:30');
      expect(new Date(iso ?? '').toISOString()).toBe('2026-11-21T10:00:00.000Z');
      expect(isoToIst('2026-11-21T10:00:00.000Z')).toEqual({
        date: '2026-11-21',
        time: '15:30:00',
      });
      expect(formatIst('2026-11-21T10:00:15.000Z')).toBe('Nov 21, 2026, 3:30:15 PM IST');
    },
  );

  it('crosses midnight and the year in IST, not in the browser zone', () => {
    inZone('America/Los_Angeles');
    const iso = istToIso({ date: '2027-01-01', time: '02:15:09' });
    expect(new Date(iso ?? '').toISOString()).toBe('2026-12-31T20:45:09.000Z');
    expect(isoToIst('2026-12-31T20:45:09.000Z')).toEqual({ date: '2027-01-01', time: '02:15:09' });
    // A time typed without seconds counts as :00.
    expect(istToIso({ date: '2026-11-21', time: '09:05' })).toBe('2026-11-21T09:05:00+05:30');
  });

  it('keeps the IST wall clock across a daylight-saving change of the browser zone', () => {
    inZone('Europe/Berlin');
    // Berlin leaves summer time on 25 October 2026; IST does not move.
    expect(new Date(istToIso({ date: '2026-10-24', time: '12:00:00' }) ?? '').toISOString()).toBe(
      '2026-10-24T06:30:00.000Z',
    );
    expect(new Date(istToIso({ date: '2026-10-26', time: '12:00:00' }) ?? '').toISOString()).toBe(
      '2026-10-26T06:30:00.000Z',
    );
  });

  it('refuses missing and impossible dates and times', () => {
    expect(istToIso({ date: '', time: '10:00' })).toBeNull();
    expect(istToIso({ date: '2026-11-21', time: '' })).toBeNull();
    expect(istToIso({ date: '2026-02-30', time: '10:00' })).toBeNull();
    expect(istToIso({ date: '2026-13-01', time: '10:00' })).toBeNull();
    expect(istToIso({ date: '2026-11-21', time: '24:00' })).toBeNull();
    expect(istToIso({ date: '2026-11-21', time: '10:60' })).toBeNull();
    expect(istToIso({ date: '21/11/2026', time: '10:00' })).toBeNull();
    expect(istToIso({ date: '2028-02-29', time: '10:00' })).toBe('2028-02-29T10:00:00+05:30');
    expect(isoToIst('not a date')).toBeNull();
    expect(formatIst(null)).toBe('—');
    expect(formatIst('nonsense')).toBe('—');
  });

  it('tells whether the browser reads the instant differently, and how', () => {
    const instant = '2026-11-21T10:00:15.000Z';
    inZone('Asia/Kolkata');
    expect(browserDiffersFromIst(instant)).toBe(false);
    inZone('Europe/Berlin');
    expect(browserDiffersFromIst(instant)).toBe(true);
    expect(formatLocal(instant)).toBe('Nov 21, 2026, 11:00:15 AM GMT+1');
    inZone('UTC');
    expect(browserDiffersFromIst(instant)).toBe(true);
  });

  it('offers the next quarter hour at least an hour ahead, in IST', () => {
    inZone('America/New_York');
    // 10:07:30 UTC = 15:37:30 IST → at least 16:37:30 → 16:45:00 IST.
    expect(defaultIstSlot(Date.parse('2026-11-21T10:07:30Z'))).toEqual({
      date: '2026-11-21',
      time: '16:45:00',
    });
  });
});
