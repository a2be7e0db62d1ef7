import type { Action, Subject } from '@sms/contracts/policy';
import {
  IconCalendarEvent,
  IconCash,
  IconChartBar,
  IconHelp,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconMessages,
  IconNotes,
  IconSend,
  IconSettings,
  IconShieldCheck,
  IconUsers,
  IconAddressBook,
  IconMail,
  IconUsersGroup,
  IconTicket,
  IconPhoto,
  IconUserHeart,
  IconFileInvoice,
  IconDeviceSim,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '../../config/paths';

export interface MenuItem {
  /** i18n key in the common namespace (or `namespace:key` of another). */
  labelKey: string;
  to: string;
  icon: Icon;
  /** Shown when the role may do any of these. */
  requires: Array<[Action, Subject]>;
}

export interface MenuGroup {
  labelKey: string;
  items: MenuItem[];
}

/** The sidebar / top navigation, grouped; items the role cannot read are hidden. */
export const MENU: MenuGroup[] = [
  {
    labelKey: 'nav.groups.home',
    items: [
      { labelKey: 'nav.dashboard', to: paths.dashboard, icon: IconLayoutDashboard, requires: [['read', 'Dashboard']] },
      { labelKey: 'nav.usage', to: paths.usage, icon: IconCash, requires: [['read', 'Report']] },
    ],
  },
  {
    labelKey: 'nav.groups.messaging',
    items: [
      { labelKey: 'nav.contacts', to: paths.contacts.list, icon: IconAddressBook, requires: [['read', 'Contact']] },
      { labelKey: 'nav.campaigns', to: paths.campaigns.list, icon: IconSend, requires: [['read', 'Campaign']] },
      { labelKey: 'nav.reports', to: paths.reports.list, icon: IconChartBar, requires: [['read', 'Report']] },
    ],
  },
  {
    labelKey: 'nav.groups.apps',
    items: [
      { labelKey: 'nav.chats', to: paths.chats, icon: IconMessages, requires: [['read', 'Inbox']] },
      { labelKey: 'nav.calendar', to: paths.calendar, icon: IconCalendarEvent, requires: [['read', 'Campaign']] },
      { labelKey: 'nav.kanban', to: paths.kanban, icon: IconLayoutKanban, requires: [['read', 'Campaign']] },
      { labelKey: 'nav.team', to: paths.team, icon: IconUsersGroup, requires: [['read', 'User']] },
      { labelKey: 'nav.emailLog', to: paths.emailLog, icon: IconMail, requires: [['read', 'AuditLog']] },
      { labelKey: 'nav.tickets', to: paths.tickets, icon: IconTicket, requires: [['read', 'Inbox']] },
      { labelKey: 'nav.notes', to: paths.notes, icon: IconNotes, requires: [['read', 'Note']] },
      { labelKey: 'nav.followers', to: paths.followers, icon: IconUserHeart, requires: [['read', 'Contact']] },
      { labelKey: 'nav.gallery', to: paths.gallery, icon: IconPhoto, requires: [['read', 'ArchivePost']] },
      { labelKey: 'nav.statements', to: paths.statements.list, icon: IconFileInvoice, requires: [['read', 'Statement']] },
      { labelKey: 'nav.senders', to: paths.senders.list, icon: IconDeviceSim, requires: [['read', 'Sender']] },
    ],
  },
  {
    labelKey: 'nav.groups.administration',
    items: [
      { labelKey: 'nav.users', to: paths.users.list, icon: IconUsers, requires: [['read', 'User']] },
      {
        labelKey: 'nav.configurations',
        to: paths.configurations,
        icon: IconSettings,
        requires: [
          ['read', 'Settings'],
          ['read', 'Brand'],
        ],
      },
    ],
  },
  {
    labelKey: 'nav.groups.help',
    items: [
      { labelKey: 'nav.faq', to: paths.pages.faq, icon: IconHelp, requires: [['read', 'Dashboard']] },
      { labelKey: 'nav.roles', to: paths.pages.roles, icon: IconShieldCheck, requires: [['read', 'Dashboard']] },
    ],
  },
];

/** The menu as `can` allows it: items without permission and then empty groups removed. */
export function visibleMenu(can: (action: Action, subject: Subject) => boolean, menu: MenuGroup[] = MENU): MenuGroup[] {
  return menu
    .map((group) => ({ ...group, items: group.items.filter((item) => item.requires.some(([action, subject]) => can(action, subject))) }))
    .filter((group) => group.items.length > 0);
}
