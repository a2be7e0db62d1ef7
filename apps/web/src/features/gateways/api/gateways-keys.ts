/** Query keys of the gateways feature; invalidating `gatewaysKeys.all` refreshes the list and every gateway. */
export const gatewaysKeys = {
  all: ['gateways'] as const,
  list: () => [...gatewaysKeys.all, 'list'] as const,
};
