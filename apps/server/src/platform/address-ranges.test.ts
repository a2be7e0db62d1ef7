import { describe, expect, it } from 'vitest';
import { classifyAddress } from './address-ranges.ts';

/*
 * One or two addresses from every entry of the IANA IPv4 and IPv6 Special-Purpose Address
 * Registries (https://www.iana.org/assignments/iana-ipv4-special-registry/,
 * https://www.iana.org/assignments/iana-ipv6-special-registry/), what the address-space registries
 * add (multicast, reserved, site-local), and the IPv6 forms that carry an IPv4 address.
 */
const NOT_GLOBAL: ReadonlyArray<[address: string, range: RegExp]> = [
  ['0.0.0.0', /This host/],
  ['0.1.2.3', /This network/],
  ['10.0.0.1', /Private-Use/],
  ['10.255.255.255', /Private-Use/],
  ['100.64.0.1', /Shared Address Space/],
  ['100.127.255.254', /Shared Address Space/],
  ['127.0.0.1', /Loopback/],
  ['127.255.255.254', /Loopback/],
  ['169.254.169.254', /Link Local/],
  ['172.16.0.1', /Private-Use/],
  ['172.31.255.255', /Private-Use/],
  ['192.0.0.1', /Service Continuity/],
  ['192.0.0.8', /dummy/],
  ['192.0.0.100', /IETF Protocol Assignments/],
  ['192.0.0.170', /NAT64\/DNS64/],
  ['192.0.0.171', /NAT64\/DNS64/],
  ['192.0.2.1', /TEST-NET-1/],
  ['192.88.99.1', /6to4 Relay Anycast/],
  ['192.168.1.1', /Private-Use/],
  ['198.18.0.1', /Benchmarking/],
  ['198.19.255.255', /Benchmarking/],
  ['198.51.100.7', /TEST-NET-2/],
  ['203.0.113.9', /TEST-NET-3/],
  ['224.0.0.1', /Multicast/],
  ['239.255.255.250', /Multicast/],
  ['240.0.0.1', /Reserved/],
  ['255.255.255.255', /Limited Broadcast/],
  ['::', /Unspecified/],
  ['::1', /Loopback/],
  ['[::1]', /Loopback/],
  ['::127.0.0.1', /IPv4-compatible.*127\.0\.0\.1: Loopback/],
  ['::8.8.8.8', /IPv4-compatible/],
  ['::ffff:127.0.0.1', /IPv4-mapped.*Loopback/],
  ['::ffff:7f00:1', /IPv4-mapped.*Loopback/],
  ['::ffff:10.1.2.3', /IPv4-mapped.*Private-Use/],
  ['::ffff:169.254.169.254', /IPv4-mapped.*Link Local/],
  ['64:ff9b::7f00:1', /IPv4-IPv6 Translat.*Loopback/],
  ['64:ff9b::192.168.0.1', /IPv4-IPv6 Translat.*Private-Use/],
  ['64:ff9b:1::808:808', /local use/],
  ['100::1', /Discard-Only/],
  ['100:0:0:1::1', /Dummy IPv6 Prefix/],
  ['2001::1', /TEREDO.*"This/],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', /TEREDO.*127\.0\.0\.1: Loopback/],
  ['2001:0:c000:201::1', /TEREDO.*TEST-NET-1/],
  ['2001:2::1', /Benchmarking/],
  ['2001:10::1', /ORCHID/],
  ['2001:100::1', /IETF Protocol Assignments/],
  ['2001:db8::1', /Documentation/],
  ['2002:7f00:1::1', /6to4.*127\.0\.0\.1: Loopback/],
  ['2002:c0a8:101::1', /6to4.*Private-Use/],
  ['3fff::1', /Documentation/],
  ['5f00::1', /Segment Routing/],
  ['fc00::1', /Unique-Local/],
  ['fd12:3456::1', /Unique-Local/],
  ['fd00:ec2::254', /metadata/],
  ['fe80::1', /Link-Local/],
  ['fe80::1%eth0', /Link-Local/],
  ['febf::1', /Link-Local/],
  ['fec0::1', /Site-local/],
  ['ff02::1', /Multicast/],
  ['ff0e::1', /Multicast/],
  ['1::1', /Reserved by IETF/],
  ['4000::1', /Reserved by IETF/],
  ['e000::1', /Reserved by IETF/],
];

const GLOBAL = [
  '1.1.1.1',
  '8.8.8.8',
  '93.184.215.14',
  '100.63.255.255',
  '100.128.0.0',
  '169.255.0.1',
  '172.32.0.1',
  '192.0.0.9',
  '192.0.0.10',
  '192.0.3.1',
  '192.31.196.1',
  '192.52.193.1',
  '192.175.48.1',
  '198.20.0.1',
  '223.255.255.255',
  '2606:4700::1111',
  '2a00:1450:4009:81f::200e',
  '[2606:4700::1111]',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
  '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  '2001:1::1',
  '2001:1::2',
  '2001:1::3',
  '2001:3::1',
  '2001:4:112::1',
  '2001:20::1',
  '2001:30::1',
  '2620:4f:8000::1',
];

describe('classifyAddress', () => {
  it('finds every special-purpose range of the IANA registries not globally reachable, naming it', () => {
    for (const [address, range] of NOT_GLOBAL) {
      const found = classifyAddress(address);
      expect(found?.global, address).toBe(false);
      expect(found?.range, address).toMatch(range);
    }
  });

  it('passes public addresses, and the globally reachable entries inside special ranges', () => {
    for (const address of GLOBAL) expect(classifyAddress(address), address).toMatchObject({ global: true, linkLocal: false });
  });

  it('judges IPv4 carried in IPv6 (mapped, compatible, NAT64, 6to4, Teredo) by the IPv4 address', () => {
    const loopback = ['::ffff:127.0.0.1', '::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b:1::7f00:1', '2002:7f00:1::1'];
    for (const address of loopback) expect(classifyAddress(address)?.range, address).toMatch(/127\.0\.0\.1: Loopback/);
    const linkLocal = ['::ffff:169.254.169.254', '::169.254.169.254', '64:ff9b::a9fe:a9fe', '2002:a9fe:a9fe::1'];
    for (const address of linkLocal) expect(classifyAddress(address), address).toMatchObject({ global: false, linkLocal: true });
  });

  it('marks link-local and the cloud metadata address as link-local, and nothing else', () => {
    for (const address of ['169.254.0.1', 'fe80::1', 'FE80:0:0:0:0:0:0:1', 'fd00:ec2::254', 'FD00:0EC2:0:0:0:0:0:0254'])
      expect(classifyAddress(address)?.linkLocal, address).toBe(true);
    for (const address of ['127.0.0.1', '10.0.0.1', '::1', 'fec0::1', 'fd00:ec2::253', '::ffff:127.0.0.1'])
      expect(classifyAddress(address)?.linkLocal, address).toBe(false);
  });

  it('answers nothing for host names and malformed addresses', () => {
    for (const host of ['localhost', 'example.org', '1.2.3', '01.2.3.4', '::g', '']) expect(classifyAddress(host), host).toBeUndefined();
  });
});
