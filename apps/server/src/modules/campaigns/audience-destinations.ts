import { destinationCountry } from '@sms/contracts/phone-destination';
import type { DestinationCount } from '@sms/contracts/pricing';
import type { DestinationGroup } from './campaigns.queries.ts';

/**
 * Sums the prefix groups of an audience into recipients per destination country (most first) and
 * the totals. A group's country is its sample number's: the prefix decides it (decision 042).
 */
export function destinationCounts(groups: DestinationGroup[]): { count: number; optedOut: number; destinations: DestinationCount[] } {
  const byCountry = new Map<string | null, number>();
  let count = 0;
  let optedOut = 0;
  for (const group of groups) {
    count += group.active;
    optedOut += group.optedOut;
    if (group.active === 0) continue;
    const country = destinationCountry(group.sample);
    byCountry.set(country, (byCountry.get(country) ?? 0) + group.active);
  }
  const destinations = [...byCountry].map(([country, recipients]) => ({ country, recipients }));
  destinations.sort((a, b) => b.recipients - a.recipients || (a.country ?? '~').localeCompare(b.country ?? '~'));
  return { count, optedOut, destinations };
}
