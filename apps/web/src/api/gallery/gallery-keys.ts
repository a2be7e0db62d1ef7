/** Query keys of the media library; an upload, alt change or delete invalidates `galleryKeys.all` (the page and the post editor's picker). */
export const galleryKeys = {
  all: ['gallery'] as const,
  list: (page: { limit: number; skip: number }) => [...galleryKeys.all, 'list', page] as const,
};
