/** Query keys of the organisation's settings (GET /api/settings/...); invalidating `settingsKeys.all` refreshes every settings tab and the composer's defaults. */
export const settingsKeys = {
  all: ['settings'] as const,
  messaging: () => [...settingsKeys.all, 'messaging'] as const,
  publicSite: () => [...settingsKeys.all, 'public-site'] as const,
  retention: () => [...settingsKeys.all, 'retention'] as const,
  security: () => [...settingsKeys.all, 'security'] as const,
};
