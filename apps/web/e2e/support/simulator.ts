import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { api } from './session.ts';

/**
 * Changes the default simulator gateway's settings (the rest kept). Its defaults answer 30 % of
 * delivered messages with a random reply, one in nine of them STOP: a test that counts recipients
 * after sending to a contact turns replies off, or a random opt-out changes its audience.
 */
export async function tuneSimulator(baseUrl: string, token: string, config: Record<string, unknown>): Promise<void> {
  const path = `/api/gateways/${DEFAULT_SIMULATOR_GATEWAY_ID}`;
  const { gateway } = await api<{ gateway: { config: Record<string, unknown> } }>(baseUrl, 'GET', path, undefined, token);
  await api(baseUrl, 'PUT', path, { config: { ...gateway.config, ...config } }, token);
}
