import type { GatewayTestResult } from '@sms/contracts/gateways';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';

/** POST /api/gateways/{id}/test: connects and checks the credentials without sending. */
export const testGateway = (id: string): Promise<GatewayTestResult> =>
  apiPost<GatewayTestResult>(`/api/gateways/${encodeURIComponent(id)}/test`);

/** Runs a connection test; the result (ok and message) is the mutation's data. */
export const useTestGateway = () => useMutation({ mutationFn: testGateway });
