import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { isIP } from 'node:net';

/** Why a delivery was refused before any connection (decision 054); the delivery fails without retries. */
export class PrivateAddressRefused extends Error {
  constructor(host: string, address?: string) {
    super(
      `${host}${address && address !== host ? ` resolves to ${address}, which is` : ' is'} a private, loopback or link-local address: refused (ALLOW_PRIVATE_WEBHOOK_URLS)`,
    );
    this.name = 'PrivateAddressRefused';
  }
}

/** Whether a host is a private, loopback or link-local address (or localhost): refused unless allowed. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const kind = isIP(host);
  if (kind === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (kind === 6) return host === '::1' || host === '::' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith('::ffff:');
  return false;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * dns.lookup for http(s).request's `lookup` option: every address the name resolves to must be
 * public, else the connection fails. The socket then connects to the addresses checked here, so a
 * name cannot resolve to a public address for the check and a private one for the connection
 * (DNS rebinding). Literal IP hosts never reach a lookup: the deliverer checks them first.
 */
export function publicOnlyLookup(hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => isPrivateHost(entry.address));
    if (refused) return callback(new PrivateAddressRefused(hostname, refused.address), []);
    if ((options as LookupAllOptions).all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    return callback(null, first.address, first.family);
  });
}
