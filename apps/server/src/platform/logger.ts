import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { errorDetails } from './error-details.ts';

/** Callback paths whose token is the credential (Kannel, http gateways): the token is not logged. */
const CALLBACK_TOKEN = /^(\/api\/gateways\/(?:kannel|http)\/[^/?]+\/)[^/?]+/;

/** A request's URL as logged: a gateway callback's secret token masked. */
export function loggedUrl(url: string | undefined): string | undefined {
  return url?.replace(CALLBACK_TOKEN, '$1<token>');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * `err` in log entries: what errorDetails keeps (never a database client hung on an error); `req`:
 * Fastify's own fields, with a callback token masked.
 */
const serializers = {
  err: (error: Error) => errorDetails(error) as { type: string; message: string; stack: string; [key: string]: unknown },
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
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
