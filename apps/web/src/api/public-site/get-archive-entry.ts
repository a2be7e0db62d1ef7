import type { ArchiveEntry } from '@sms/contracts/public-archive';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { publicSiteKeys } from './public-site-keys';

/** GET /api/public/archive/{id} (public): a campaign shows each merge field as its fallback. */
export const getArchiveEntry = async (id: string, signal?: AbortSignal): Promise<ArchiveEntry> =>
  (await apiGet<{ entry: ArchiveEntry }>(`/api/public/archive/${encodeURIComponent(id)}`, { signal })).entry;

/** One entry of the public archive (a 404 is not retried; the server being away is, as for every query). */
export const useArchiveEntry = (id: string) =>
  useQuery({ queryKey: publicSiteKeys.archiveEntry(id), queryFn: ({ signal }) => getArchiveEntry(id, signal) });
