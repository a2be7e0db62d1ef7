/** The logging the gateway needs; the app's pino logger fits. Never given a password. */
export interface SmppLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const ignore = () => {};

/** Logs nothing (the default). */
export const silentLogger: SmppLogger = { debug: ignore, info: ignore, warn: ignore, error: ignore };
