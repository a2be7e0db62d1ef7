/** Query keys of numbers and sender IDs; invalidating `sendersKeys.all` refreshes the list, pages, the shop and the rule. */
export const sendersKeys = {
  all: ['senders'] as const,
  list: () => [...sendersKeys.all, 'list'] as const,
  detail: (id: string) => [...sendersKeys.all, 'detail', id] as const,
  available: (query: Record<string, unknown>) => [...sendersKeys.all, 'available', query] as const,
  settings: () => [...sendersKeys.all, 'settings'] as const,
};
