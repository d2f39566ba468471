import { isIP } from 'node:net';

/**
 * Which addresses the server may connect to on a user's behalf. An allow-nothing-special policy:
 * every IPv4 special-purpose block (IANA registry, RFC 6890 and successors) is refused, and for IPv6 only
 * global unicast (2000::/3) is allowed, minus its special blocks; IPv6 forms that carry an IPv4 address
 * (mapped, NAT64, 6to4) are judged by the IPv4 address inside. Works on the canonical text the URL parser
 * and DNS produce; sneaky literal notations (2130706433, 0x7f.1, 127.1) are normalised by WHATWG URL
 * before they reach here.
 */

/** Blocked-range label ("loopback", "private", "metadata"...), or undefined when the address is public. */
export function blockedRange(address: string): string | undefined {
  const family = isIP(address);
  if (family === 4) return blockedV4(v4ToInt(address));
  if (family === 6) return blockedV6(v6ToBigInt(address));
  return 'not-an-ip'; // fail closed: only judged addresses may be connected to
}

// Cloud metadata and control endpoints, named apart so logs say what was attempted. Most sit inside
// ranges refused anyway; Azure's 168.63.129.16 is in public space and must be listed.
const METADATA_V4 = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '169.254.169.123',
  '100.100.100.200',
  '192.0.0.192',
  '168.63.129.16',
]);
const METADATA_V6 = ['fd00:ec2::254', 'fd00:ec2::23', 'fd20:ce::254'].map((a) => v6ToBigInt(a));

const V4_BLOCKS: [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified'], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'special-purpose'], // IETF protocol assignments (incl. Oracle's metadata 192.0.0.192)
  ['192.0.2.0', 24, 'documentation'],
  ['192.31.196.0', 24, 'special-purpose'], // AS112
  ['192.52.193.0', 24, 'special-purpose'], // AMT
  ['192.88.99.0', 24, 'special-purpose'], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16, 'private'],
  ['192.175.48.0', 24, 'special-purpose'], // AS112 direct delegation
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // includes 255.255.255.255 broadcast
];

function blockedV4(ip: number): string | undefined {
  if (METADATA_V4.has(intToV4(ip))) return 'metadata';
  for (const [base, bits, label] of V4_BLOCKS) {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((ip & mask) >>> 0 === (v4ToInt(base) & mask) >>> 0) return label;
  }
  return undefined;
}

const inV6 = (ip: bigint, base: string, bits: number) =>
  ip >> BigInt(128 - bits) === v6ToBigInt(base) >> BigInt(128 - bits);
const low32 = (ip: bigint) => Number(ip & 0xffffffffn);

function blockedV6(ip: bigint): string | undefined {
  if (METADATA_V6.includes(ip)) return 'metadata';
  // IPv4 inside IPv6: the socket would reach that IPv4 address (mapped) or a gateway would (NAT64, 6to4).
  if (inV6(ip, '::ffff:0:0', 96)) return prefixed('ipv4-mapped', blockedV4(low32(ip)));
  if (inV6(ip, '64:ff9b::', 96)) return prefixed('nat64', blockedV4(low32(ip)));
  if (inV6(ip, '2002::', 16)) return prefixed('6to4', blockedV4(Number((ip >> 80n) & 0xffffffffn)));
  if (ip === 0n) return 'unspecified';
  if (ip === 1n) return 'loopback';
  if (inV6(ip, '64:ff9b:1::', 48)) return 'private'; // local-use NAT64
  if (inV6(ip, 'fc00::', 7)) return 'unique-local';
  if (inV6(ip, 'fe80::', 10)) return 'link-local';
  if (inV6(ip, 'fec0::', 10)) return 'site-local';
  if (inV6(ip, 'ff00::', 8)) return 'multicast';
  if (!inV6(ip, '2000::', 3)) return 'reserved'; // ::/8 (IPv4-compatible), 100::/64 discard, unassigned
  if (inV6(ip, '2001:db8::', 32) || inV6(ip, '3fff::', 20)) return 'documentation';
  if (inV6(ip, '2001::', 23)) return 'special-purpose'; // Teredo, benchmarking 2001:2::/48, ORCHID
  return undefined;
}

const prefixed = (prefix: string, label: string | undefined) => (label ? `${prefix} ${label}` : undefined);

function v4ToInt(a: string): number {
  return a.split('.').reduce((n, part) => ((n << 8) | Number(part)) >>> 0, 0);
}

function intToV4(n: number): string {
  return [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');
}

/** Canonical or not ("::ffff:127.0.0.1", "fe80::1%eth0", "0:0::1"), as a 128-bit number. */
function v6ToBigInt(a: string): bigint {
  let text = a.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = v4ToInt(dotted[1]);
    text = text.slice(0, -dotted[1].length) + `${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}
