import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { lookup as resolveAll } from 'node:dns/promises';
import { classifyAddress } from '../../platform/address-ranges.ts';

/** Why a delivery or a registration was refused before any connection (decision 054); a delivery fails without retries. */
export class PrivateAddressRefused extends Error {
  /** The host, the address it resolves to and the range that address is in. */
  readonly detail: string;

  constructor(detail: string) {
    super(`${detail}, which is not a public address: refused (ALLOW_PRIVATE_WEBHOOK_URLS)`);
    this.name = 'PrivateAddressRefused';
    this.detail = detail;
  }
}

/** localhost and *.localhost (RFC 6761), with or without the root's trailing dot: loopback by name. */
const isLocalhostName = (host: string) => /(^|\.)localhost$/.test(host.replace(/\.+$/, ''));

/** The refusal of one address `host` resolves to (or is); undefined when it is globally reachable. */
function addressRefusal(host: string, address: string): PrivateAddressRefused | undefined {
  const found = classifyAddress(address);
  if (!found || found.global) return undefined;
  return new PrivateAddressRefused(`${host}${address === host ? '' : ` resolves to ${address}`} (${found.range})`);
}

/**
 * The refusal of a URL's host as written: an IP address that is not globally reachable (IPv4 in
 * IPv6 forms judged by their IPv4 address), or a localhost name. Undefined for a public address
 * and for any other name, which is judged by the addresses it resolves to.
 */
export function literalHostRefusal(hostname: string): PrivateAddressRefused | undefined {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (isLocalhostName(host)) return new PrivateAddressRefused(`${hostname} (a loopback name)`);
  return addressRefusal(hostname, host);
}

/**
 * Registration's check, the delivery's rule: a literal host as above, a name on every address it
 * resolves to now. A name that does not resolve (yet), or not within `timeoutMs`, passes: the
 * delivery resolves it again and refuses it then if it must.
 */
export async function webhookHostRefusal(hostname: string, timeoutMs = 5_000): Promise<PrivateAddressRefused | undefined> {
  const literal = literalHostRefusal(hostname);
  if (literal || classifyAddress(hostname)) return literal;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    resolveAll(hostname, { all: true }).catch(() => []),
    new Promise<LookupAddress[]>((resolve) => {
      timer = setTimeout(() => resolve([]), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  for (const { address } of addresses) {
    const refusal = addressRefusal(hostname, address);
    if (refusal) return refusal;
  }
  return undefined;
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
    for (const entry of addresses) {
      const refusal = addressRefusal(hostname, entry.address);
      if (refusal) return callback(refusal, []);
    }
    if ((options as LookupAllOptions).all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    return callback(null, first.address, first.family);
  });
}
