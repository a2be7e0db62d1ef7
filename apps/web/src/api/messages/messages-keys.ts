/** Query keys of outbound messages (a test message, polled until its final status). */
export const messagesKeys = {
  all: ['messages'] as const,
  detail: (id: string) => [...messagesKeys.all, 'detail', id] as const,
};
