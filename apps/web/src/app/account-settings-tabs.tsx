import { IconAdjustmentsHorizontal, IconBell, IconDevices, IconKey, IconShieldCheck, IconUser } from '@tabler/icons-react';
import type { AccountTab } from '../features/account/components/account-tab';
import { lazyWhenReachable } from '../lib/lazy-page';

// Every tab loads with its page, never with the app's first download (the route table imports this file).
const ProfileTab = lazyWhenReachable(() =>
  import('../features/account/components/profile-tab').then((module) => ({ default: module.ProfileTab })),
);
const ProfileDetailsSection = lazyWhenReachable(() =>
  import('../features/profile/components/profile-sections').then((module) => ({ default: module.ProfileDetailsSection })),
);
const ChangePasswordSection = lazyWhenReachable(() =>
  import('../features/profile/components/profile-sections').then((module) => ({ default: module.ChangePasswordSection })),
);
const TwoStepPanel = lazyWhenReachable(() =>
  import('../features/account/components/two-step-panel').then((module) => ({ default: module.TwoStepPanel })),
);
const PreferencesTab = lazyWhenReachable(() =>
  import('../features/account/components/preferences-tab').then((module) => ({ default: module.PreferencesTab })),
);
const SessionsPanel = lazyWhenReachable(() =>
  import('../features/account/components/sessions-panel').then((module) => ({ default: module.SessionsPanel })),
);
const NotificationPreferencesTab = lazyWhenReachable(() =>
  import('../features/notifications/components/notification-preferences-tab').then((module) => ({
    default: module.NotificationPreferencesTab,
  })),
);

/**
 * The tabs of /pages/account-settings, in order: the one place where one's profile and password
 * are edited (/user-profile links here). The profile details and password forms are the profile
 * feature's; the rest is the account feature's.
 */
export const ACCOUNT_SETTINGS_TABS: AccountTab[] = [
  { id: 'profile', labelKey: 'tabs.profile', icon: IconUser, content: <ProfileTab details={<ProfileDetailsSection />} /> },
  { id: 'password', labelKey: 'tabs.password', icon: IconKey, content: <ChangePasswordSection /> },
  { id: 'two-step', labelKey: 'tabs.twoStep', icon: IconShieldCheck, content: <TwoStepPanel /> },
  { id: 'preferences', labelKey: 'tabs.preferences', icon: IconAdjustmentsHorizontal, content: <PreferencesTab /> },
  { id: 'notifications', labelKey: 'notifications:tab.label', icon: IconBell, content: <NotificationPreferencesTab /> },
  { id: 'sessions', labelKey: 'tabs.sessions', icon: IconDevices, content: <SessionsPanel /> },
];
