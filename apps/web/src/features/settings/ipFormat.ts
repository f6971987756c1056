const IPV4_PART = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

const isIpv4 = (value: string): boolean => {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => IPV4_PART.test(part));
};

/** IPv6 as the URL parser reads a bracketed host (the browser's own rules, `::` and all). */
const isIpv6 = (value: string): boolean => {
  if (!value.includes(':') || !/^[0-9a-f:.]+$/i.test(value)) return false;
  try {
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
};

/**
 * The format hint of the allowed-IP form: a single IPv4 or IPv6 address, or a CIDR range
 * ('10.0.0.0/8', '2001:db8::/32'). The server checks again (and normalises the range).
 */
export const isIpOrCidr = (input: string): boolean => {
  const value = input.trim();
  const [address = '', prefix, extra] = value.split('/');
  if (extra !== undefined) return false;
  const v4 = isIpv4(address);
  const v6 = !v4 && isIpv6(address);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
};
