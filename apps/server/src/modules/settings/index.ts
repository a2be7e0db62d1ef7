// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export {
  forgetMessagingSettings,
  getMessagingSettings,
  messagingSettingsForSending,
  updateMessagingSettings,
} from './messaging-settings.ts';
export {
  assertPasswordAllowed,
  getSecuritySettings,
  publicAddressOf,
  tokenLifetimeOverride,
  twoStepRequiredForRole,
  updateSecuritySettings,
} from './security-settings.ts';
export { settingsRoutes } from './settings.routes.ts';
