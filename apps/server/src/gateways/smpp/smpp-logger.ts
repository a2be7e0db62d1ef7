import type { GatewayLogger } from '../gateway.ts';

/** The logging the gateway needs; the app's pino logger fits. Never given a password. */
export type SmppLogger = GatewayLogger;

const ignore = () => {};

/** Logs nothing (the default). */
export const silentLogger: SmppLogger = { debug: ignore, info: ignore, warn: ignore, error: ignore };
