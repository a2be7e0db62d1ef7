/** Query keys of the inbox; invalidating `inboxKeys.all` refreshes conversations and threads. */
export const inboxKeys = {
  all: ['inbox'] as const,
  conversations: () => [...inboxKeys.all, 'conversations'] as const,
  conversationList: (query: Record<string, unknown>) => [...inboxKeys.conversations(), query] as const,
  threads: () => [...inboxKeys.all, 'thread'] as const,
  thread: (contactId: string) => [...inboxKeys.threads(), contactId] as const,
};
