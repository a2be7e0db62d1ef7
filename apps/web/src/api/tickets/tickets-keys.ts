/** Query keys of conversations as tickets; invalidating `ticketsKeys.all` refreshes lists, states, agents and the report. */
export const ticketsKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketsKeys.all, 'list'] as const,
  list: (query: Record<string, unknown>) => [...ticketsKeys.lists(), query] as const,
  detail: (contactId: string) => [...ticketsKeys.all, 'detail', contactId] as const,
  agents: () => [...ticketsKeys.all, 'agents'] as const,
  report: (days: number) => [...ticketsKeys.all, 'report', days] as const,
  settings: () => [...ticketsKeys.all, 'settings'] as const,
  availability: () => [...ticketsKeys.all, 'availability'] as const,
};
