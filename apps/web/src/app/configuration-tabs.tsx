import { IconPalette } from '@tabler/icons-react';
import { lazy } from 'react';
import type { SettingsTab } from '../features/settings/components/settings-tab';

const BrandSettingsTab = lazy(() => import('../features/brand/components/brand-settings-tab').then((module) => ({ default: module.BrandSettingsTab })));

/**
 * The tabs of /configurations, in order: one line each. Later: SMS gateways ('Gateway'),
 * Messaging and Security ('Settings').
 */
export const CONFIGURATION_TABS: SettingsTab[] = [
  { id: 'brand', labelKey: 'tabs.brand', icon: IconPalette, requires: [['read', 'Brand']], content: <BrandSettingsTab /> },
];
