import type { EmailLogQuery } from '@sms/contracts/email-log';

/** Query keys of the e-mail log (/apps/email). */
export const emailLogKeys = {
  all: ['email-log'] as const,
  lists: () => [...emailLogKeys.all, 'list'] as const,
  list: (query: Partial<EmailLogQuery>) => [...emailLogKeys.lists(), query] as const,
  entry: (id: string) => [...emailLogKeys.all, 'entry', id] as const,
};
