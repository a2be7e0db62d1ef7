import { afterEach, describe, expect, it } from 'vitest';
import { outbound, startSmppRig } from '../../../test/smpp-harness.ts';
import { parseKindSettings } from './gateway-kinds.ts';
import { guardedLookup, isRefusedAddress, LINK_LOCAL_REFUSED, setOutboundPolicy } from '../../platform/outbound-address.ts';

afterEach(() => setOutboundPolicy({ allowLinkLocal: false }));

const smpp = (host: string) => parseKindSettings('smpp', { host, port: 2775, systemId: 'sys' }, { password: 'secret' });
const lookup = (host: string) =>
  new Promise<{ error: NodeJS.ErrnoException | null; addresses: unknown }>((resolve) =>
    guardedLookup(host, { all: true }, (error, addresses) => resolve({ error, addresses })),
  );

describe('outbound addresses', () => {
  it('tells link-local and metadata addresses (IPv4, IPv6, IPv4-mapped, any spelling) from the rest', () => {
    for (const host of [
      '169.254.169.254',
      '169.254.0.1',
      'fd00:ec2::254',
      'FD00:0EC2:0:0:0:0:0:0254',
      '[fd00:ec2::254]',
      'fe80::1',
      'febf::1',
      '::ffff:169.254.169.254',
      'fe80::1%eth0',
      // IPv4 link-local carried in IPv6 (compatible, NAT64, 6to4): the one classification maps them.
      '::169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::1',
    ]) {
      expect(isRefusedAddress(host), host).toBe(true);
    }
    for (const host of [
      '127.0.0.1',
      '10.0.0.5',
      '169.255.0.1',
      'fd00:ec2::253',
      'fec0::1',
      '::1',
      'smsc.example.org',
      '::ffff:127.0.0.1',
    ]) {
      expect(isRefusedAddress(host), host).toBe(false);
    }
  });

  it('refuses an SMPP host there (400 on config.host) unless ALLOW_LINK_LOCAL_OUTBOUND allows it', () => {
    expect(() => smpp('169.254.169.254')).toThrow(`host 169.254.169.254: ${LINK_LOCAL_REFUSED}`);
    expect(smpp('127.0.0.1').config).toMatchObject({ host: '127.0.0.1' });
    setOutboundPolicy({ allowLinkLocal: true });
    expect(smpp('169.254.169.254').config).toMatchObject({ host: '169.254.169.254' });
  });

  it('fails a connection whose name resolves to a refused address (the lookup net.connect uses)', async () => {
    const refused = await lookup('169.254.169.254');
    expect(refused.error?.code).toBe('EADDRNOTALLOWED');
    expect(refused.error?.message).toBe(`169.254.169.254: ${LINK_LOCAL_REFUSED}`);
    const fine = await lookup('127.0.0.1');
    expect(fine.error).toBeNull();
    expect(fine.addresses).toEqual([{ address: '127.0.0.1', family: 4 }]);
    setOutboundPolicy({ allowLinkLocal: true });
    expect((await lookup('169.254.169.254')).error).toBeNull();
  });
});

describe('an SMPP link through the guarded lookup', () => {
  it('still binds and sends to an SMSC reached by name (a real peer on loopback)', async () => {
    const rig = await startSmppRig({ config: { host: 'localhost' } });
    try {
      const [result] = await rig.gateway.sendBatch(outbound(1));
      expect(result?.outcome).toBe('accepted');
    } finally {
      await rig.close();
    }
  });
});
