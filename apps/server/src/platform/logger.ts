import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { errorDetails } from './error-details.ts';

/** `err` in log entries: what errorDetails keeps (never a database client hung on an error). */
const serializers = {
  err: (error: Error) => errorDetails(error) as { type: string; message: string; stack: string; [key: string]: unknown },
};

/** Whether pino-pretty (a dev dependency) is installed; production installs may omit it. */
function prettyAvailable(): boolean {
  try {
    import.meta.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** JSON logs for machines; readable colour logs when a person watches a terminal. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (process.stdout.isTTY && config.logLevel !== 'silent' && prettyAvailable()) {
    return {
      level: config.logLevel,
      serializers,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
    };
  }
  return { level: config.logLevel, serializers };
}
