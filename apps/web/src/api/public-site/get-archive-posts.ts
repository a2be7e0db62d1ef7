import type { ArchivePostList } from '@sms/contracts/public-archive';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { publicSiteKeys } from './public-site-keys';

/** GET /api/public-site/posts (staff): every post, scheduled ones included. */
export const getArchivePosts = (signal?: AbortSignal): Promise<ArchivePostList> =>
  apiGet<ArchivePostList>('/api/public-site/posts', { params: { limit: 100 }, signal });

export const useArchivePosts = () => useQuery({ queryKey: publicSiteKeys.posts(), queryFn: ({ signal }) => getArchivePosts(signal) });
