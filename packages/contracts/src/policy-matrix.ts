import { POLICY, roleCan, SUBJECTS, type Action, type Subject } from './policy.ts';
import { ROLES, type Role } from './roles.ts';

/** A concrete subject (the `all` wildcard is not a column of the matrix). */
export type MatrixSubject = Exclude<Subject, 'all'>;
/** A concrete action (`manage` stands for all of them). */
export type MatrixAction = Exclude<Action, 'manage'>;

/** The subjects of the matrix, in POLICY order. */
export const MATRIX_SUBJECTS = SUBJECTS.filter((subject): subject is MatrixSubject => subject !== 'all');

/**
 * The actions that mean something for each subject (a campaign is launched, a brand is not). The
 * roles page shows these cells only; a unit test checks that POLICY grants nothing outside them.
 */
export const SUBJECT_ACTIONS: Readonly<Record<MatrixSubject, readonly MatrixAction[]>> = {
  User: ['read', 'readSecurity', 'create', 'update', 'delete'],
  Contact: ['read', 'create', 'update', 'changePhone', 'optOut', 'optIn', 'bulkTag', 'bulkEdit', 'delete', 'export'],
  Import: ['read', 'create', 'update'],
  Campaign: ['read', 'create', 'update', 'delete', 'launch', 'approve'],
  ArchivePost: ['read', 'create', 'update', 'delete'],
  Report: ['read', 'readPhone', 'export'],
  Dashboard: ['read'],
  Inbox: ['read', 'create', 'update'],
  Brand: ['read', 'update'],
  Gateway: ['read', 'create', 'update', 'delete'],
  Settings: ['read', 'update'],
  AuditLog: ['read', 'export'],
  Template: ['read', 'create', 'update', 'delete'],
  Segment: ['read', 'create', 'update', 'delete'],
  Note: ['read', 'create', 'delete'],
  Statement: ['read', 'create', 'update', 'export'],
  Sender: ['read', 'create', 'update'],
};

/** One cell row of the matrix: a subject, an action, and which roles may do it. */
export interface PolicyMatrixRow {
  subject: MatrixSubject;
  action: MatrixAction;
  allowed: Record<Role, boolean>;
}

/**
 * The roles and permissions matrix, computed from POLICY through `roleCan` (the very function the
 * API's authorize() calls), so the roles page cannot disagree with what the API enforces.
 */
export function policyMatrix(): PolicyMatrixRow[] {
  return MATRIX_SUBJECTS.flatMap((subject) =>
    SUBJECT_ACTIONS[subject].map((action) => ({
      subject,
      action,
      allowed: Object.fromEntries(ROLES.map((role) => [role, roleCan(role, action, subject)])) as Record<Role, boolean>,
    })),
  );
}

/** Every (action, subject) pair POLICY names explicitly (not through `manage` or `all`). */
export function explicitGrants(): Array<{ role: Role; action: MatrixAction; subject: MatrixSubject }> {
  return ROLES.flatMap((role) =>
    POLICY[role].flatMap((rule) => {
      const actions = (Array.isArray(rule.action) ? rule.action : [rule.action]).filter((a): a is MatrixAction => a !== 'manage');
      const subjects = (Array.isArray(rule.subject) ? rule.subject : [rule.subject]).filter((s): s is MatrixSubject => s !== 'all');
      return actions.flatMap((action) => subjects.map((subject) => ({ role, action, subject })));
    }),
  );
}
