import type { ListNotesQuery } from '@sms/contracts/notes';

/** Query keys of notes; a write invalidates `notesKeys.all`: the notes page, a contact's notes and its inbox conversation refresh. */
export const notesKeys = {
  all: ['notes'] as const,
  lists: () => [...notesKeys.all, 'list'] as const,
  list: (query: Partial<ListNotesQuery>) => [...notesKeys.lists(), query] as const,
  mentionable: (search: string) => [...notesKeys.all, 'mentionable', search] as const,
  authors: () => [...notesKeys.all, 'authors'] as const,
};
