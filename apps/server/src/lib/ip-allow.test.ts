import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAllowList, normalizeIp, parseCidr } from './ip-allow.js';

describe('parseCidr', () => {
  it('normalises addresses and ranges, clearing host bits', () => {
    expect(parseCidr('203.0.113.7')?.cidr).toBe('203.0.113.7/32');
    expect(parseCidr(' 10.1.2.3/8 ')?.cidr).toBe('10.0.0.0/8');
    expect(parseCidr('2001:DB8:0:0:1::5/32')?.cidr).toBe('2001:db8::/32');
    expect(parseCidr('::1')?.cidr).toBe('::1/128');
    expect(parseCidr('::ffff:192.0.2.9')?.cidr).toBe('192.0.2.9/32');
    expect(parseCidr('0.0.0.0/0')?.cidr).toBe('0.0.0.0/0');
  });

  it('refuses what is not an address or range', () => {
    for (const bad of [
      '',
      'localhost',
      '300.1.1.1',
      '10.0.0.0/33',
      '10.0.0.0/-1',
      '1.2.3.4/8/9',
      '::1/129',
      '10.0.0.0/ 8',
      '1.2.3',
      'a'.repeat(100),
    ]) {
      expect(parseCidr(bad), bad).toBeNull();
    }
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const parsed = parseCidr(text);
        return parsed === null || typeof parsed.cidr === 'string';
      }),
    );
  });
});

describe('createAllowList', () => {
  it('allows everyone while empty', () => {
    expect(createAllowList([]).allows('198.51.100.1')).toBe(true);
  });

  it('allows only covered addresses, IPv4 and IPv6, mapped addresses unwrapped', () => {
    const list = createAllowList(['10.0.0.0/8', '203.0.113.7', '2001:db8::/32']);
    expect(list.allows('10.200.3.4')).toBe(true);
    expect(list.allows('::ffff:10.9.9.9')).toBe(true);
    expect(list.allows('203.0.113.7')).toBe(true);
    expect(list.allows('203.0.113.8')).toBe(false);
    expect(list.allows('2001:db8:1::1')).toBe(true);
    expect(list.allows('2001:db9::1')).toBe(false);
    expect(list.allows('not-an-ip')).toBe(false);
  });

  it('a /32 range allows exactly its address (property)', () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.ipV4(), (a, b) => {
        const list = createAllowList([a]);
        return list.allows(b) === (normalizeIp(a) === normalizeIp(b));
      }),
    );
  });
});
