/** Query keys of the public site (what visitors read, and the archive posts staff write); invalidating `publicSiteKeys.all` refreshes all of it. */
export const publicSiteKeys = {
  all: ['public-site'] as const,
  site: () => [...publicSiteKeys.all, 'site'] as const,
  /** The public archive: its pages and entries. */
  archive: () => [...publicSiteKeys.all, 'archive'] as const,
  archivePage: (limit: number, skip: number) => [...publicSiteKeys.archive(), 'list', limit, skip] as const,
  archiveEntry: (id: string) => [...publicSiteKeys.archive(), 'entry', id] as const,
  /** The posts staff write for the archive. */
  posts: () => [...publicSiteKeys.all, 'posts'] as const,
  pricing: (audience: 'public' | 'staff') => [...publicSiteKeys.all, 'pricing', audience] as const,
};
