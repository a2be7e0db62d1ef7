/** Query keys of gateways; every change invalidates `gatewaysKeys.all`: the Gateways tab and the composer's select refresh. */
export const gatewaysKeys = {
  all: ['gateways'] as const,
  list: () => [...gatewaysKeys.all, 'list'] as const,
  /** The same list as a plain array of gateways, for pickers. */
  options: () => [...gatewaysKeys.all, 'options'] as const,
};
