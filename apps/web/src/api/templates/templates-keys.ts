import type { ListTemplatesQuery } from '@sms/contracts/templates';

/** Query keys of templates; a save or delete invalidates `templatesKeys.all`: the templates screen, the composer's picker and the inbox's quick replies refresh. */
export const templatesKeys = {
  all: ['templates'] as const,
  lists: () => [...templatesKeys.all, 'list'] as const,
  list: (query: Partial<ListTemplatesQuery>) => [...templatesKeys.lists(), query] as const,
};
