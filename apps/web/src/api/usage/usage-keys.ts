import type { UsageQuery } from '@sms/contracts/usage';

/** Query keys of usage and spend and of the budgets: saving the caps refreshes both. */
export const usageKeys = {
  all: ['usage'] as const,
  report: (query: UsageQuery) => [...usageKeys.all, 'report', query] as const,
  budgets: () => [...usageKeys.all, 'budgets'] as const,
};
