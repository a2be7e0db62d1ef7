import type { Role } from './roles.ts';

/**
 * The single role policy. The API enforces it on every route; the web app turns the same rules
 * into CASL abilities; the roles page (/pages/casl) renders it as a matrix. Change it here only.
 */
export const ACTIONS = ['manage', 'read', 'create', 'update', 'delete', 'launch', 'export'] as const;
export type Action = (typeof ACTIONS)[number];

export const SUBJECTS = [
  'all',
  'User',
  'Contact',
  'Import',
  'Campaign',
  'Report',
  'Dashboard',
  'Inbox',
  'Brand',
  'Gateway',
  'Settings',
  'AuditLog',
] as const;
export type Subject = (typeof SUBJECTS)[number];

/** One permission, in the shape CASL accepts as a raw rule. */
export interface Rule {
  action: Action | Action[];
  subject: Subject | Subject[];
}

const readOnlyBasics: Rule[] = [
  { action: 'read', subject: ['Dashboard', 'Report', 'Brand'] },
];

/** Rules per role. `manage` means every action; `all` means every subject. */
export const POLICY: Record<Role, Rule[]> = {
  admin: [{ action: 'manage', subject: 'all' }],
  manager: [
    ...readOnlyBasics,
    { action: 'manage', subject: ['Contact', 'Import', 'Campaign', 'Inbox'] },
    { action: 'export', subject: ['Contact', 'Report'] },
    { action: 'read', subject: ['User', 'Gateway', 'Settings'] },
  ],
  agent: [
    ...readOnlyBasics,
    { action: 'read', subject: ['Contact', 'Campaign', 'Inbox'] },
    { action: 'update', subject: 'Contact' },
    { action: 'manage', subject: 'Inbox' },
  ],
  viewer: [...readOnlyBasics],
};

const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** Whether `role` may perform `action` on `subject` under POLICY. */
export function roleCan(role: Role, action: Action, subject: Exclude<Subject, 'all'>): boolean {
  return POLICY[role].some(
    (rule) =>
      asList(rule.action).some((a) => a === 'manage' || a === action) &&
      asList(rule.subject).some((s) => s === 'all' || s === subject),
  );
}
