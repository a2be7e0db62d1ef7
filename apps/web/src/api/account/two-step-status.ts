import type { TwoStepStatus } from '@sms/contracts/two-step';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

/** GET /api/users/me/two-step. */
export const getTwoStepStatus = (): Promise<TwoStepStatus> => apiGet<TwoStepStatus>('/api/users/me/two-step');

export const twoStepStatusQueryOptions = () => queryOptions({ queryKey: ['account', 'two-step'] as const, queryFn: getTwoStepStatus });

/** The signed-in user's two-step verification. */
export const useTwoStepStatus = () => useQuery(twoStepStatusQueryOptions());
