import {
  IconAntenna,
  IconBolt,
  IconCode,
  IconHistory,
  IconMessageCog,
  IconNews,
  IconPalette,
  IconShieldLock,
  IconTool,
  IconWorld,
} from '@tabler/icons-react';
import type { SettingsTab } from '../features/settings/components/settings-tab';
import { lazyWhenReachable } from '../lib/lazy-page';

const BrandSettingsTab = lazyWhenReachable(() =>
  import('../features/brand/components/brand-settings-tab').then((module) => ({ default: module.BrandSettingsTab })),
);
const GatewaysTab = lazyWhenReachable(() =>
  import('../features/gateways/components/gateways-tab').then((module) => ({ default: module.GatewaysTab })),
);
const SecuritySettingsTab = lazyWhenReachable(() =>
  import('../features/security/components/security-settings-tab').then((module) => ({ default: module.SecuritySettingsTab })),
);
const MessagingSettingsTab = lazyWhenReachable(() =>
  import('../features/settings/components/messaging-settings-tab').then((module) => ({ default: module.MessagingSettingsTab })),
);
const BackupsCards = lazyWhenReachable(() =>
  import('../features/backups/components/backups-cards').then((module) => ({ default: module.BackupsCards })),
);
const MaintenanceSettingsTab = lazyWhenReachable(() =>
  import('../features/maintenance/components/maintenance-settings-tab').then((module) => ({ default: module.MaintenanceSettingsTab })),
);
const PublicSiteSettingsTab = lazyWhenReachable(() =>
  import('../features/public-site/components/public-site-settings-tab').then((module) => ({ default: module.PublicSiteSettingsTab })),
);
const ArchivePostsTab = lazyWhenReachable(() =>
  import('../features/public-site/components/archive-posts-tab').then((module) => ({ default: module.ArchivePostsTab })),
);
const DevelopersTab = lazyWhenReachable(() =>
  import('../features/developers/components/developers-tab').then((module) => ({ default: module.DevelopersTab })),
);
const KeywordRulesTab = lazyWhenReachable(() =>
  import('../features/keyword-rules/components/keyword-rules-tab').then((module) => ({ default: module.KeywordRulesTab })),
);
const AuditLogTab = lazyWhenReachable(() =>
  import('../features/audit-log/components/audit-log-tab').then((module) => ({ default: module.AuditLogTab })),
);

/**
 * The tabs of /configurations, in order: one line each. Gateways and Messaging are read by
 * managers and changed by admins (the policy's Gateway and Settings subjects); Security,
 * Maintenance, Developers (API keys) and the Audit log are for administrators (update Settings, read AuditLog); managers
 * read Security without changing it.
 */
export const CONFIGURATION_TABS: SettingsTab[] = [
  { id: 'brand', labelKey: 'tabs.brand', icon: IconPalette, requires: [['read', 'Brand']], content: <BrandSettingsTab /> },
  { id: 'gateways', labelKey: 'tabs.gateways', icon: IconAntenna, requires: [['read', 'Gateway']], content: <GatewaysTab /> },
  {
    id: 'messaging',
    labelKey: 'tabs.messaging',
    icon: IconMessageCog,
    requires: [['read', 'Settings']],
    content: <MessagingSettingsTab />,
  },
  {
    id: 'public-site',
    labelKey: 'tabs.publicSite',
    icon: IconWorld,
    requires: [['read', 'Settings']],
    content: <PublicSiteSettingsTab />,
  },
  {
    id: 'news-posts',
    labelKey: 'tabs.archivePosts',
    icon: IconNews,
    requires: [['read', 'ArchivePost']],
    content: <ArchivePostsTab />,
  },
  { id: 'security', labelKey: 'tabs.security', icon: IconShieldLock, requires: [['read', 'Settings']], content: <SecuritySettingsTab /> },
  {
    id: 'maintenance',
    labelKey: 'maintenance:tab.label',
    icon: IconTool,
    requires: [['update', 'Settings']],
    content: (
      <>
        <MaintenanceSettingsTab />
        <BackupsCards />
      </>
    ),
  },
  {
    id: 'developers',
    labelKey: 'tabs.developers',
    icon: IconCode,
    requires: [['update', 'Settings']],
    content: <DevelopersTab />,
  },
  { id: 'audit-log', labelKey: 'tabs.auditLog', icon: IconHistory, requires: [['read', 'AuditLog']], content: <AuditLogTab /> },
  // Keyword rules (decision 104): read by managers, changed by administrators, like Messaging.
  { id: 'keyword-rules', labelKey: 'tabs.keywordRules', icon: IconBolt, requires: [['read', 'Settings']], content: <KeywordRulesTab /> },
];
