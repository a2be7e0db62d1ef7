/** Query keys of the developers feature; invalidating `apiKeysKeys.all` refreshes the key list. */
export const apiKeysKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeysKeys.all, 'list'] as const,
};
