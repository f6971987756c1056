import { BlockList, isIP } from 'node:net';

/**
 * Addresses and CIDR ranges of the allowed-IP list (DESIGN §4), on Node's own `net.BlockList`
 * (IPv4 and IPv6). IPv4-mapped IPv6 addresses (`::ffff:203.0.113.7`, what a dual-stack listener
 * reports) are read as the IPv4 address they carry.
 */

export interface ParsedCidr {
  /** Normalised form: network address with host bits cleared, and the prefix ('10.0.0.0/8'). */
  cidr: string;
  family: 'ipv4' | 'ipv6';
  network: string;
  prefix: number;
}

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The address as it should be compared: mapped IPv4 unwrapped, IPv6 lower-cased. */
export const normalizeIp = (ip: string): string => {
  const trimmed = ip.trim();
  const mapped = MAPPED_V4.exec(trimmed);
  if (mapped?.[1]) return mapped[1];
  return isIP(trimmed) === 6 ? trimmed.toLowerCase() : trimmed;
};

const v4ToBigInt = (address: string) =>
  address.split('.').reduce((acc, part) => (acc << 8n) + BigInt(Number(part)), 0n);
const bigIntToV4 = (value: bigint) =>
  [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 255n)).join('.');

const expandV6 = (address: string): bigint => {
  let text = address;
  const v4Tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4Tail?.[1]) {
    const v4 = v4ToBigInt(v4Tail[1]);
    text = `${text.slice(0, -v4Tail[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headParts.length - tailParts.length;
  const parts = [
    ...headParts,
    ...Array<string>(tail === undefined ? 0 : missing).fill('0'),
    ...tailParts,
  ];
  return parts.reduce((acc, part) => (acc << 16n) + BigInt(parseInt(part || '0', 16)), 0n);
};
const bigIntToV6 = (value: bigint) => {
  const groups = [...Array(8).keys()].map((i) =>
    ((value >> BigInt((7 - i) * 16)) & 0xffffn).toString(16),
  );
  // Compress the longest run of zero groups (RFC 5952).
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > best.length && j - i > 1) best = { start: i, length: j - i };
    i = j;
  }
  if (best.start < 0) return groups.join(':');
  const left = groups.slice(0, best.start).join(':');
  const right = groups.slice(best.start + best.length).join(':');
  return `${left}::${right}`;
};

/** Parses '203.0.113.7', '10.0.0.0/8', '2001:db8::/32'; null when it is neither. */
export const parseCidr = (input: string): ParsedCidr | null => {
  const text = input.trim();
  if (text.length === 0 || text.length > 64) return null;
  const [rawAddress = '', rawPrefix, ...extra] = text.split('/');
  if (extra.length > 0) return null;
  const address = normalizeIp(rawAddress);
  const version = isIP(address);
  if (version === 0) return null;
  const bits = version === 4 ? 32 : 128;
  if (rawPrefix !== undefined && !/^\d{1,3}$/.test(rawPrefix)) return null;
  const prefix = rawPrefix === undefined ? bits : Number(rawPrefix);
  if (prefix < 0 || prefix > bits) return null;
  const value = version === 4 ? v4ToBigInt(address) : expandV6(address);
  const mask = prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(bits - prefix);
  const network = version === 4 ? bigIntToV4(value & mask) : bigIntToV6(value & mask);
  return {
    cidr: `${network}/${prefix}`,
    family: version === 4 ? 'ipv4' : 'ipv6',
    network,
    prefix,
  };
};

export interface AllowList {
  /** True when the list is empty (everyone allowed) or an entry covers the address. */
  allows: (ip: string) => boolean;
  size: number;
}

export const createAllowList = (cidrs: readonly string[]): AllowList => {
  const list = new BlockList();
  let size = 0;
  for (const entry of cidrs) {
    const parsed = parseCidr(entry);
    if (!parsed) continue;
    list.addSubnet(parsed.network, parsed.prefix, parsed.family);
    size++;
  }
  return {
    size,
    allows: (ip) => {
      if (size === 0) return true;
      const address = normalizeIp(ip);
      const version = isIP(address);
      if (version === 0) return false;
      return list.check(address, version === 4 ? 'ipv4' : 'ipv6');
    },
  };
};
