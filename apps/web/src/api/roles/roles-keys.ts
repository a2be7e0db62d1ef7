/** Query keys of the roles page's matrix (it changes only with a new server version). */
export const rolesKeys = {
  all: ['roles'] as const,
  permissions: () => [...rolesKeys.all, 'permissions'] as const,
};
