// Which IP addresses an outbound request from the server may reach. Board owners configure API
// calls that anyone viewing a public board can trigger, so the server must not become a way in
// to its own network (SSRF): loopback, private, link-local, cloud metadata and the other
// non-public ranges are refused. IPv6 forms that carry an IPv4 address (mapped, compatible,
// NAT64, 6to4) are judged by that IPv4 address.
import net from 'node:net';

export type BlockedReason =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'metadata'
  | 'multicast'
  | 'reserved'
  | 'invalid';

/** [first address, prefix length, reason]; the first match wins, so metadata precedes link-local. */
const V4_RANGES: [string, number, BlockedReason][] = [
  ['169.254.169.254', 32, 'metadata'],
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'private'],
  ['224.0.0.0', 4, 'multicast'],
  // 240/4 holds 255.255.255.255 (broadcast) too.
  ['240.0.0.0', 4, 'reserved'],
];

function v4ToInt(ip: string): number {
  const parts = ip.split('.').map(Number);
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
}

const V4_COMPILED = V4_RANGES.map(([base, bits, reason]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { net: (v4ToInt(base) & mask) >>> 0, mask, reason };
});

function classifyV4Int(n: number): BlockedReason | null {
  for (const r of V4_COMPILED) if (((n & r.mask) >>> 0) === r.net) return r.reason;
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part allowed). */
function v6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    // A trailing dotted IPv4 part (::ffff:1.2.3.4) becomes two hex groups.
    if (!net.isIPv4(last)) return null;
    const n = v4ToInt(last);
    text = `${text.slice(0, lastColon + 1)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : -1)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  if (fill < 0) return null;
  const groups = [...head, ...Array<number>(fill).fill(0), ...rest];
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null;
  return groups;
}

function classifyV6(ip: string): BlockedReason | null {
  const g = v6Groups(ip);
  if (!g) return 'invalid';
  const [a, b, c, d, e, f, h, i] = g as [number, number, number, number, number, number, number, number];
  const embedded = ((h << 16) | i) >>> 0;
  const zeros5 = a === 0 && b === 0 && c === 0 && d === 0 && e === 0;
  if (zeros5 && f === 0 && h === 0 && i === 0) return 'unspecified';
  if (zeros5 && f === 0 && h === 0 && i === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (deprecated compatible form).
  if (zeros5 && (f === 0xffff || f === 0)) return classifyV4Int(embedded);
  // 64:ff9b::/96 NAT64 well-known prefix reaches IPv4 through the gateway.
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return classifyV4Int(embedded);
  // 2002::/16 6to4 carries the IPv4 address in the next 32 bits.
  if (a === 0x2002) return classifyV4Int(((b << 16) | c) >>> 0);
  if (a === 0xfd00 && b === 0x0ec2 && c === 0 && d === 0 && e === 0 && f === 0 && h === 0 && i === 0x254) return 'metadata';
  if ((a & 0xfe00) === 0xfc00) return 'private';
  if ((a & 0xffc0) === 0xfe80) return 'link-local';
  // fec0::/10 site-local: deprecated, still routed inside some networks.
  if ((a & 0xffc0) === 0xfec0) return 'private';
  if ((a & 0xff00) === 0xff00) return 'multicast';
  return null;
}

/** Why an address must not be reached, or null when it is a public unicast address. */
export function blockedReason(ip: string): BlockedReason | null {
  const family = net.isIP(ip.split('%')[0]!);
  if (family === 4) return classifyV4Int(v4ToInt(ip));
  if (family === 6) return classifyV6(ip);
  return 'invalid';
}
