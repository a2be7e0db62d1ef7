/**
 * Whether the database answers, as this process sees it, and the one rule for telling a lost
 * database (a restart, a failover, a cut connection) from any other error. Every loop of the
 * process reports its failures here: an outage is logged once, at warn, with its cause; a probe
 * then looks every second or so until the database answers again, logs that once, and wakes
 * whoever waits for it (the dispatcher's lanes, housekeeping, the API's 503 guard).
 */

/** SQLSTATEs of a server going away or not taking connections (PostgreSQL appendix A). */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up
  '57P05', // idle_session_timeout
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '08007', // transaction_resolution_unknown
  '53300', // too_many_connections (a failover's new primary filling up): transient too
]);

/** Socket errors of a connection that could not be made or was lost. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres's own words for a lost or unusable connection (it gives these no code). */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Connection ended unexpectedly/i,
  /the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/i,
];

/** The error and its causes (drizzle wraps the driver's error as `cause`). */
function* chain(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  for (
    let current = error;
    current && typeof current === 'object' && !seen.has(current);
    current = (current as { cause?: unknown }).cause
  ) {
    seen.add(current);
    yield current;
    if (current instanceof AggregateError) for (const inner of current.errors) yield* chain(inner);
  }
}

/** True when the error says the database cannot be reached now (as opposed to a bad query: a bug). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of chain(error)) {
    const { code, message } = link as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/**
 * True for a conflict between concurrent transactions that the database resolved by failing one
 * of them (a deadlock, a serialization failure): the same statements succeed when tried again.
 */
export function isRetryableConflict(error: unknown): boolean {
  for (const link of chain(error)) {
    const { code } = link as { code?: unknown };
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/** The cause in a few words for a log line: the driver's code and message, never a connection string. */
export function describeDatabaseError(error: unknown): string {
  for (const link of chain(error)) {
    const { code, message } = link as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_ERRNOS.has(code)))
      return `${code}${typeof message === 'string' && message ? `: ${message}` : ''}`;
  }
  for (const link of [...chain(error)].reverse()) {
    const { message } = link as { message?: unknown };
    if (typeof message === 'string' && message) return message.split('\n')[0] ?? message;
  }
  return String(error);
}

/** Where availability changes are told (the app's pino logger fits). */
export interface AvailabilityLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

const consoleLogger: AvailabilityLogger = {
  warn: (details, message) => console.warn(message, details),
  info: (details, message) => console.info(message, details),
};

export interface Outage {
  since: Date;
  cause: string;
}

/** The probe's wait between tries while the database is away: about a second, jittered. */
export const PROBE_INTERVAL_MS = 1_000;

export class DatabaseAvailability {
  private outage: Outage | null = null;
  private waiters = new Set<() => void>();
  private probeTimer: NodeJS.Timeout | undefined;
  private isClosed = false;
  private logger: AvailabilityLogger;
  private readonly probe: () => Promise<void>;
  private readonly listeners = new Set<(available: boolean) => void>();

  constructor(probe: () => Promise<void>, logger: AvailabilityLogger = consoleLogger) {
    this.probe = probe;
    this.logger = logger;
  }

  /** Tells availability changes to the process's logger once it has one. */
  setLogger(logger: AvailabilityLogger): void {
    this.logger = logger;
  }

  /** The outage now, or null while the database answers (as far as this process knows). */
  get current(): Outage | null {
    return this.outage;
  }

  get available(): boolean {
    return this.outage === null;
  }

  /** The process is shutting down: nobody should wait for the database any more. */
  get closed(): boolean {
    return this.isClosed;
  }

  /**
   * Records a failed database call. True when the error means the database is unreachable: the
   * first such error of an outage is logged (warn, with its cause) and starts the probe; the
   * caller waits (whenAvailable) and tries again. False for any other error, which the caller
   * handles as it would (usually: a bug, logged as an error).
   */
  failed(error: unknown): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    this.markDown(describeDatabaseError(error));
    return true;
  }

  /**
   * For a loop's catch: an outage is recorded (and logged once, here); any other error goes to
   * `logger.error` with `message`, as a bug should.
   */
  logUnlessOutage(logger: { error(details: object, message: string): void }, error: unknown, message: string, details: object = {}): void {
    if (!this.failed(error)) logger.error({ ...details, err: error }, message);
  }

  /** Marks the database unreachable for a cause found without an error object (a health probe). */
  markDown(cause: string): void {
    if (this.outage || this.isClosed) return;
    this.outage = { since: new Date(), cause };
    this.logger.warn({ cause }, `Database unavailable (${cause}); retrying until it answers again`);
    for (const listener of this.listeners) listener(false);
    this.scheduleProbe();
  }

  /** Resolves once the database answers again (at once when it does), or after `maxMs`. */
  whenAvailable(maxMs: number): Promise<void> {
    if (!this.outage || this.isClosed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, maxMs);
      this.waiters.add(done);
    });
  }

  /** Called with false when an outage begins and true when it ends. */
  onChange(listener: (available: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops probing and releases every waiter (the process is shutting down). */
  close(): void {
    this.isClosed = true;
    clearTimeout(this.probeTimer);
    for (const wake of [...this.waiters]) wake();
  }

  private scheduleProbe(): void {
    if (this.isClosed) return;
    clearTimeout(this.probeTimer);
    this.probeTimer = setTimeout(() => void this.runProbe(), PROBE_INTERVAL_MS * (0.5 + Math.random()));
    this.probeTimer.unref();
  }

  private async runProbe(): Promise<void> {
    if (!this.outage || this.isClosed) return;
    try {
      await this.probe();
    } catch (error) {
      // Still away (or answering with an error, which is not "available" either): look again.
      if (this.outage) this.outage.cause = isDatabaseUnavailable(error) ? describeDatabaseError(error) : this.outage.cause;
      return this.scheduleProbe();
    }
    const { since } = this.outage;
    this.outage = null;
    const seconds = Math.round((Date.now() - since.getTime()) / 100) / 10;
    this.logger.info({ outageSeconds: seconds }, `Database available again after ${seconds} s`);
    for (const listener of this.listeners) listener(true);
    for (const wake of [...this.waiters]) wake();
  }
}

/**
 * The wait before try `attempt` (1, 2, ...) after failures that are not an outage (or while one
 * lasts, capped by whenAvailable): doubling from `baseMs`, at most `capMs`, with full jitter
 * between half and all of it, so processes that failed together do not come back together.
 */
export function backoffDelay(attempt: number, baseMs = 500, capMs = 5_000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling * (0.5 + Math.random() * 0.5));
}
