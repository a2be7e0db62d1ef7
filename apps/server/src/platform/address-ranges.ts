import { isIP } from 'node:net';

/**
 * The one classification of IP addresses for outbound connections: webhooks refuse every address
 * that is not globally reachable (modules/webhooks/webhook-address.ts), SMPP and SMTP refuse the
 * link-local and cloud metadata ones (outbound-address.ts). IPv6 forms that carry an IPv4 address
 * (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo) are judged by the IPv4 address they reach.
 */

/** What an address is, for deciding whether the server may connect to it. */
export interface AddressClass {
  /** Globally reachable: in no special-purpose range, or in one the registry marks globally reachable. */
  global: boolean;
  /** Link-local, or a cloud's metadata service: refused for every outbound connection. */
  linkLocal: boolean;
  /** The range it falls in, as the registry names it ('public' when none), for refusal messages. */
  range: string;
}

/** Where an IPv6 range carries an IPv4 address. */
type Embedded = 'last32' | '6to4' | 'teredo';

interface RangeEntry {
  cidr: string;
  name: string;
  /** The registry's "Globally Reachable" (N/A for the IPv4-carrying forms: their IPv4 address decides). */
  global: boolean;
  linkLocal?: boolean;
  embedded?: Embedded;
}

/*
 * Sources: the IANA IPv4 Special-Purpose Address Registry
 * (https://www.iana.org/assignments/iana-ipv4-special-registry/), the IANA IPv6 Special-Purpose
 * Address Registry (https://www.iana.org/assignments/iana-ipv6-special-registry/), and for what
 * those leave out, the IANA IPv4 Address Space Registry (224.0.0.0/4 multicast, 240.0.0.0/4
 * reserved) and IPv6 Address Space Registry (only 2000::/3 is global unicast; ff00::/8 multicast;
 * fec0::/10 site-local, deprecated by RFC 3879). The most specific range wins, so the globally
 * reachable entries inside a larger non-global one (192.0.0.9/32 in 192.0.0.0/24) take effect.
 */
const IPV4_RANGES: readonly RangeEntry[] = [
  { cidr: '0.0.0.0/8', name: '"This network"', global: false },
  { cidr: '0.0.0.0/32', name: '"This host on this network"', global: false },
  { cidr: '10.0.0.0/8', name: 'Private-Use', global: false },
  { cidr: '100.64.0.0/10', name: 'Shared Address Space', global: false },
  { cidr: '127.0.0.0/8', name: 'Loopback', global: false },
  { cidr: '169.254.0.0/16', name: 'Link Local', global: false, linkLocal: true },
  { cidr: '172.16.0.0/12', name: 'Private-Use', global: false },
  { cidr: '192.0.0.0/24', name: 'IETF Protocol Assignments', global: false },
  { cidr: '192.0.0.0/29', name: 'IPv4 Service Continuity Prefix', global: false },
  { cidr: '192.0.0.8/32', name: 'IPv4 dummy address', global: false },
  { cidr: '192.0.0.9/32', name: 'Port Control Protocol Anycast', global: true },
  { cidr: '192.0.0.10/32', name: 'Traversal Using Relays around NAT Anycast', global: true },
  { cidr: '192.0.0.170/31', name: 'NAT64/DNS64 Discovery', global: false },
  { cidr: '192.0.2.0/24', name: 'Documentation (TEST-NET-1)', global: false },
  { cidr: '192.88.99.0/24', name: 'Deprecated (6to4 Relay Anycast)', global: false },
  { cidr: '192.168.0.0/16', name: 'Private-Use', global: false },
  { cidr: '198.18.0.0/15', name: 'Benchmarking', global: false },
  { cidr: '198.51.100.0/24', name: 'Documentation (TEST-NET-2)', global: false },
  { cidr: '203.0.113.0/24', name: 'Documentation (TEST-NET-3)', global: false },
  { cidr: '224.0.0.0/4', name: 'Multicast', global: false },
  { cidr: '240.0.0.0/4', name: 'Reserved', global: false },
  { cidr: '255.255.255.255/32', name: 'Limited Broadcast', global: false },
];

const IPV6_RANGES: readonly RangeEntry[] = [
  { cidr: '::/3', name: 'Reserved by IETF (outside global unicast 2000::/3)', global: false },
  { cidr: '4000::/2', name: 'Reserved by IETF (outside global unicast 2000::/3)', global: false },
  { cidr: '8000::/1', name: 'Reserved by IETF (outside global unicast 2000::/3)', global: false },
  { cidr: '::/128', name: 'Unspecified Address', global: false },
  { cidr: '::1/128', name: 'Loopback Address', global: false },
  { cidr: '::/96', name: 'IPv4-compatible (deprecated)', global: false, embedded: 'last32' },
  { cidr: '::ffff:0:0/96', name: 'IPv4-mapped Address', global: true, embedded: 'last32' },
  { cidr: '64:ff9b::/96', name: 'IPv4-IPv6 Translat.', global: true, embedded: 'last32' },
  // Local-use NAT64 (RFC 8215): read as the common /96 form, its IPv4 address in the last 32 bits.
  { cidr: '64:ff9b:1::/48', name: 'IPv4-IPv6 Translat. (local use)', global: false, embedded: 'last32' },
  { cidr: '100::/64', name: 'Discard-Only Address Block', global: false },
  { cidr: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix', global: false },
  { cidr: '2001::/23', name: 'IETF Protocol Assignments', global: false },
  { cidr: '2001::/32', name: 'TEREDO', global: true, embedded: 'teredo' },
  { cidr: '2001:1::1/128', name: 'Port Control Protocol Anycast', global: true },
  { cidr: '2001:1::2/128', name: 'Traversal Using Relays around NAT Anycast', global: true },
  { cidr: '2001:1::3/128', name: 'DNS-SD Service Registration Protocol Anycast', global: true },
  { cidr: '2001:2::/48', name: 'Benchmarking', global: false },
  { cidr: '2001:3::/32', name: 'AMT', global: true },
  { cidr: '2001:4:112::/48', name: 'AS112-v6', global: true },
  { cidr: '2001:10::/28', name: 'Deprecated (previously ORCHID)', global: false },
  { cidr: '2001:20::/28', name: 'ORCHIDv2', global: true },
  { cidr: '2001:30::/28', name: 'Drone Remote ID Protocol Entity Tags (DETs) Prefix', global: true },
  { cidr: '2001:db8::/32', name: 'Documentation', global: false },
  { cidr: '2002::/16', name: '6to4', global: true, embedded: '6to4' },
  { cidr: '3fff::/20', name: 'Documentation', global: false },
  { cidr: '5f00::/16', name: 'Segment Routing (SRv6) SIDs', global: false },
  { cidr: 'fc00::/7', name: 'Unique-Local', global: false },
  // Not in the registries: AWS's instance metadata service over IPv6 (inside fc00::/7).
  { cidr: 'fd00:ec2::254/128', name: 'Cloud metadata service', global: false, linkLocal: true },
  { cidr: 'fe80::/10', name: 'Link-Local Unicast', global: false, linkLocal: true },
  { cidr: 'fec0::/10', name: 'Site-local (deprecated)', global: false },
  { cidr: 'ff00::/8', name: 'Multicast', global: false },
];

interface Range extends RangeEntry {
  base: bigint;
  mask: bigint;
  bits: number;
}

/** The address as an unsigned integer (32 or 128 bits); undefined unless `isIP` accepts it. */
function addressValue(address: string, family: 4 | 6): bigint | undefined {
  if (family === 4) return address.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const v4 = Number(addressValue(dotted[0], 4));
    text = `${text.slice(0, dotted.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail, ...more] = text.split('::');
  if (more.length > 0) return undefined;
  const front = head === '' ? [] : head.split(':');
  const back = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  if (groups.length !== 8) return undefined;
  return groups.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function compile(entries: readonly RangeEntry[], width: number): Range[] {
  return entries
    .map((entry) => {
      const [network = '', bits = '0'] = entry.cidr.split('/');
      const prefix = Number(bits);
      const mask = prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(width - prefix);
      const base = addressValue(network, width === 32 ? 4 : 6) ?? 0n;
      return { ...entry, base: base & mask, mask, bits: prefix };
    })
    .sort((a, b) => b.bits - a.bits);
}

const V4 = compile(IPV4_RANGES, 32);
const V6 = compile(IPV6_RANGES, 128);
const PUBLIC: AddressClass = { global: true, linkLocal: false, range: 'public' };

const dottedQuad = (value: bigint) => [24n, 16n, 8n, 0n].map((shift) => Number((value >> shift) & 0xffn)).join('.');

/** The IPv4 addresses an IPv4-carrying IPv6 address reaches (Teredo: its server and its client). */
function embeddedIpv4(value: bigint, form: Embedded): string[] {
  if (form === 'last32') return [dottedQuad(value & 0xffffffffn)];
  if (form === '6to4') return [dottedQuad((value >> 80n) & 0xffffffffn)];
  // Teredo (RFC 4380): 2001:0:<server IPv4>:<flags>:<port>:<client IPv4>, the client's bits inverted.
  return [dottedQuad((value >> 64n) & 0xffffffffn), dottedQuad(~value & 0xffffffffn)];
}

function classifyValue(value: bigint, family: 4 | 6): AddressClass {
  const range = (family === 4 ? V4 : V6).find((candidate) => (value & candidate.mask) === candidate.base);
  if (!range) return PUBLIC;
  const own: AddressClass = { global: range.global, linkLocal: range.linkLocal ?? false, range: `${range.name}, ${range.cidr}` };
  if (!range.embedded) return own;
  const inner = embeddedIpv4(value, range.embedded).map((address) => ({ address, ...classifyValue(addressValue(address, 4) ?? 0n, 4) }));
  const refused = inner.find((candidate) => !candidate.global || candidate.linkLocal);
  return {
    global: own.global && inner.every((candidate) => candidate.global),
    linkLocal: inner.some((candidate) => candidate.linkLocal),
    range: refused ? `${own.range}, carrying ${refused.address}: ${refused.range}` : own.range,
  };
}

/**
 * Classifies an IP address (IPv4, or IPv6 with or without brackets and a zone index); undefined
 * for anything that is not an IP address (a host name is classified once resolved).
 */
export function classifyAddress(address: string): AddressClass | undefined {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare);
  if (family !== 4 && family !== 6) return undefined;
  const value = addressValue(bare, family);
  return value === undefined ? undefined : classifyValue(value, family);
}
