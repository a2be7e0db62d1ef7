import type { AuditLogQuery } from '@sms/contracts/audit-log';

/** Query keys of the audit log feature. */
export const auditKeys = {
  all: ['audit-log'] as const,
  list: (query: AuditLogQuery) => ['audit-log', 'list', query] as const,
};
