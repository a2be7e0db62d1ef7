import type { SmppConfig } from '@sms/contracts/gateway-smpp';

/** Seconds from the settings to timer milliseconds (fractions allowed, at least 1 ms). */
export const seconds = (value: number): number => Math.max(1, Math.round(value * 1000));

/**
 * Wait before reconnect attempt number `failures` (0 after a drop of a working link): min,
 * doubling per failure up to max, plus up to 20 % jitter so many workers do not reconnect in step.
 */
export function reconnectDelayMs(config: Pick<SmppConfig, 'reconnectMinSeconds' | 'reconnectMaxSeconds'>, failures: number): number {
  const base = Math.min(seconds(config.reconnectMaxSeconds), seconds(config.reconnectMinSeconds) * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (1 + Math.random() * 0.2));
}
