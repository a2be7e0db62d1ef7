import type { BudgetSettings } from '@sms/contracts/usage';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../lib/api-client';
import { usageKeys } from './usage-keys';

interface BudgetsAnswer {
  budgets: BudgetSettings;
  currency: string;
}

/** GET /api/budgets (administrators and managers): the monthly caps. */
export const getBudgets = (signal?: AbortSignal) => apiGet<BudgetsAnswer>('/api/budgets', { signal });

/** The monthly caps, for the budgets form. */
export const useBudgets = (enabled = true) =>
  useQuery({ queryKey: usageKeys.budgets(), queryFn: ({ signal }) => getBudgets(signal), enabled });

/** PUT /api/budgets (admins). */
export const updateBudgets = (budgets: BudgetSettings) => apiPut<BudgetsAnswer>('/api/budgets', budgets);

/** Saves the caps; the spend page reads the new state at once. */
export function useUpdateBudgets() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBudgets, onSuccess: () => queryClient.invalidateQueries({ queryKey: usageKeys.all }) });
}
