import type { ArchiveList } from '@sms/contracts/public-archive';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { publicSiteKeys } from './public-site-keys';

/** GET /api/public/archive (public): one page of published campaigns and posts, newest first. */
export const getArchive = (page: { limit: number; skip: number }, signal?: AbortSignal): Promise<ArchiveList> =>
  apiGet<ArchiveList>('/api/public/archive', { params: page, signal });

/** One page of the public archive; the previous page stays on screen while the next loads. */
export const useArchive = (page: { limit: number; skip: number }) =>
  useQuery({
    queryKey: publicSiteKeys.archivePage(page.limit, page.skip),
    queryFn: ({ signal }) => getArchive(page, signal),
    placeholderData: keepPreviousData,
  });
