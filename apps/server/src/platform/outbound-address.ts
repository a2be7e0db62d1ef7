import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { classifyAddress } from './address-ranges.ts';

/**
 * Addresses the server refuses to connect to on an admin's say-so (SMPP hosts) or a setting's
 * (SMTP_URL, TWILIO_API_BASE_URL): link-local ones, where clouds serve instance metadata and
 * credentials (169.254.169.254, fd00:ec2::254). ALLOW_LINK_LOCAL_OUTBOUND=true lifts the rule.
 */
export const LINK_LOCAL_REFUSED =
  'link-local and cloud metadata addresses (169.254.0.0/16, fe80::/10, fd00:ec2::254) are refused; set ALLOW_LINK_LOCAL_OUTBOUND=true to allow them';

let allowLinkLocal = false;

/** Sets the process's rule from its configuration (ALLOW_LINK_LOCAL_OUTBOUND), once at start. */
export function setOutboundPolicy(policy: { allowLinkLocal: boolean }): void {
  allowLinkLocal = policy.allowLinkLocal;
}

/**
 * Whether `host` is an IP address in a refused range (host names are checked once resolved): a
 * link-local or cloud metadata address, also when carried in an IPv6 form (IPv4-mapped, NAT64,
 * 6to4, ...), as the one classification (address-ranges.ts) tells.
 */
export function isRefusedAddress(host: string): boolean {
  return classifyAddress(host)?.linkLocal ?? false;
}

/** Whether connections to `host` are refused under this process's rule. */
export const outboundRefused = (host: string): boolean => !allowLinkLocal && isRefusedAddress(host);

/** The error of a refused connection (code EADDRNOTALLOWED, so callers show it as is). */
export function refusedError(host: string, address = host): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${host}${address === host ? '' : ` (${address})`}: ${LINK_LOCAL_REFUSED}`);
  error.code = 'EADDRNOTALLOWED';
  return error;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * dns.lookup for net/tls.connect's `lookup` option: a host name that resolves to a refused
 * address fails the connection instead (checked on the addresses actually used, so a name cannot
 * point elsewhere between a check and the connection).
 */
export function guardedLookup(hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void {
  dnsLookup(hostname, options as LookupAllOptions, (error, addresses: string | LookupAddress[], family?: number) => {
    if (error) return callback(error, addresses);
    const list = typeof addresses === 'string' ? [addresses] : addresses.map((entry) => entry.address);
    const refused = list.find(outboundRefused);
    if (refused) return callback(refusedError(hostname, refused), addresses);
    return callback(null, addresses, family);
  });
}
