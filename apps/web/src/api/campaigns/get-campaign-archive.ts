import type { CampaignArchive } from '@sms/contracts/public-archive';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** GET /api/campaigns/{id}/archive: whether the campaign is published to the public archive. */
export const getCampaignArchive = async (id: string, signal?: AbortSignal): Promise<CampaignArchive> =>
  (await apiGet<{ archive: CampaignArchive }>(`/api/campaigns/${encodeURIComponent(id)}/archive`, { signal })).archive;

/** The archive state of a saved campaign (nothing to load for a new one). */
export const useCampaignArchive = (id: string | null) =>
  useQuery({
    queryKey: campaignsKeys.archive(id ?? ''),
    queryFn: ({ signal }) => getCampaignArchive(id ?? '', signal),
    enabled: id !== null,
  });
