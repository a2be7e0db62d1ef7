import type { Config } from '../config.ts';
import type { GatewayLogger } from '../gateways/gateway.ts';
import { errorDetails } from './error-details.ts';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;

/**
 * A logger on the console for the worker process (the API process logs through Fastify's pino):
 * entries at LOG_LEVEL and above, the message then its details.
 */
export function consoleLogger(level: Config['logLevel']): GatewayLogger {
  const lowest = level === 'silent' ? LEVELS.length : LEVELS.indexOf(level);
  const at = (entry: (typeof LEVELS)[number], print: (...values: unknown[]) => void) => (details: object, message: string) => {
    if (LEVELS.indexOf(entry) < lowest) return;
    const { err, ...rest } = details as { err?: unknown };
    print(message, err === undefined ? details : { ...rest, err: errorDetails(err) });
  };
  return {
    debug: at('debug', console.info),
    info: at('info', console.info),
    warn: at('warn', console.warn),
    error: at('error', console.error),
  };
}
