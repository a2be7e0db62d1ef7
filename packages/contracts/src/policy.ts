import type { Role } from './roles.ts';

/**
 * The single role policy. The API enforces it on every route; the web app turns the same rules
 * into CASL abilities; the roles page (/pages/casl) renders it as a matrix. Change it here only.
 */
export const ACTIONS = [
  'manage',
  'read',
  'create',
  'update',
  'delete',
  'launch',
  'export',
  /** User: read others' sign-in and two-step details (last sign-in, two-step on or off, phone). */
  'readSecurity',
  /** Contact: change the phone number. */
  'changePhone',
  /** Contact: opt out (stop messages). */
  'optOut',
  /** Contact: opt an opted-out contact back in, with a consent note. */
  'optIn',
  /** Contact: tag many contacts at once. */
  'bulkTag',
  /** Contact: every other bulk action (delete, opt out, opt in), each also needing its own right. */
  'bulkEdit',
  /** Report (and dashboard): see whole phone numbers; without it they are masked (+44 79** ***456). */
  'readPhone',
  /** Campaign: approve or reject another person's campaign that needs approval (four eyes). */
  'approve',
] as const;
export type Action = (typeof ACTIONS)[number];

export const SUBJECTS = [
  'all',
  'User',
  'Contact',
  'Import',
  'Campaign',
  /** Posts staff write for the public archive (publishing a campaign there is Campaign update). */
  'ArchivePost',
  'Report',
  'Dashboard',
  'Inbox',
  'Brand',
  'Gateway',
  'Settings',
  'AuditLog',
  /** Message templates (campaign composer, inbox quick replies). */
  'Template',
  /** Saved segments (contacts list views, campaign audiences). */
  'Segment',
  /** Internal notes on contacts; `delete` is deleting anyone's (authors edit and delete their own). */
  'Note',
  /** Monthly usage statements (decision 110): admins keep, close and adjust them; managers read and export them. */
  'Statement',
  /** Numbers and sender IDs (decision 108): `create` is buying or adding one; everyone on the staff reads the list. */
  'Sender',
] as const;
export type Subject = (typeof SUBJECTS)[number];

/** One permission, in the shape CASL accepts as a raw rule. */
export interface Rule {
  action: Action | Action[];
  subject: Subject | Subject[];
}

const readOnlyBasics: Rule[] = [{ action: 'read', subject: ['Dashboard', 'Report', 'Brand', 'Sender'] }];

/**
 * Rules per role (PRODUCT.md section 4). `manage` means every action; `all` means every subject.
 * Consent is not an agent's call: agents edit names, tags, notes and custom fields and may opt a
 * contact out, but opting back in, changing a number and bulk actions other than tagging are for
 * admins and managers. Managers read the team and the settings; viewers see phone numbers masked.
 * Templates and saved segments are managed by admins and managers; agents use them (read).
 */
export const POLICY: Record<Role, Rule[]> = {
  admin: [{ action: 'manage', subject: 'all' }],
  manager: [
    ...readOnlyBasics,
    { action: 'manage', subject: ['Contact', 'Import', 'Campaign', 'ArchivePost', 'Inbox', 'Template', 'Segment'] },
    { action: ['export', 'readPhone'], subject: 'Report' },
    { action: 'read', subject: ['User', 'Gateway', 'Settings'] },
    { action: ['read', 'create'], subject: 'Note' },
    { action: ['read', 'export'], subject: 'Statement' },
  ],
  agent: [
    ...readOnlyBasics,
    { action: 'read', subject: ['Contact', 'Campaign', 'Inbox', 'Template', 'Segment'] },
    { action: ['update', 'optOut', 'bulkTag'], subject: 'Contact' },
    { action: 'manage', subject: 'Inbox' },
    { action: 'readPhone', subject: 'Report' },
    { action: ['read', 'create'], subject: 'Note' },
  ],
  viewer: [...readOnlyBasics, { action: 'export', subject: 'Report' }],
};

const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** Whether `role` may perform `action` on `subject` under POLICY. */
export function roleCan(role: Role, action: Action, subject: Exclude<Subject, 'all'>): boolean {
  return POLICY[role].some(
    (rule) =>
      asList(rule.action).some((a) => a === 'manage' || a === action) && asList(rule.subject).some((s) => s === 'all' || s === subject),
  );
}

/**
 * What an integration API key may do on /api/v1 (issue 20): the same single policy, for software
 * instead of a role. Each /api/v1 route names the one scope it needs; keys hold a list of them.
 */
export const API_SCOPES = ['messages:send', 'messages:read', 'contacts:read', 'contacts:write', 'reports:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** Whether a key holding `scopes` may call a route that needs `scope`. */
export function scopeAllows(scopes: readonly string[], scope: ApiScope): boolean {
  return scopes.includes(scope);
}
