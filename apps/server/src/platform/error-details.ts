/**
 * An error as a log entry shows it: its name, message, code and stack, and its causes the same
 * way. Never its other properties: node-postgres hangs the whole client (connection parameters,
 * buffers, timers) on its errors, which made one lost connection print hundreds of lines.
 */
export function errorDetails(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const { code, cause } = error as Error & { code?: unknown; cause?: unknown };
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(error.stack ? { stack: error.stack } : {}),
    ...(cause !== undefined && depth < 3 ? { cause: errorDetails(cause, depth + 1) } : {}),
  };
}
