/** Query keys of the webhooks part of the developers feature. */
export const webhooksKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhooksKeys.all, 'list'] as const,
  deliveries: (id: string) => [...webhooksKeys.all, 'deliveries', id] as const,
};
