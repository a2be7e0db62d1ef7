import { getReadiness } from '../../api/health/get-readiness';
import { retryDelayMs, troubleOfAnswer, type ConnectionTrouble } from './connection-trouble';

/** One state for the whole app: the server answers, is reconnecting to its database, or cannot be reached. */
export type ConnectionStatus = 'online' | ConnectionTrouble;

export interface ConnectionSnapshot {
  readonly status: ConnectionStatus;
  /** When the next check of the server is due (ms since the epoch); undefined while online or while a check runs. */
  readonly nextTryAt: number | undefined;
}

/** Asks the server whether it can serve the app: the trouble found, or undefined when it can. */
export type Probe = () => Promise<ConnectionTrouble | undefined>;

export interface Connection {
  /** The current state (the same object until it changes, for useSyncExternalStore). */
  get: () => ConnectionSnapshot;
  subscribe: (listener: () => void) => () => void;
  /**
   * What an API call met: undefined for any answer the server gave itself (back online), else the
   * trouble, with the answer's Retry-After. While in trouble the server is checked again and again.
   */
  report: (trouble: ConnectionTrouble | undefined, retryAfterSeconds?: number) => void;
  /** Checks the server now (or joins the check under way); resolves with what it found. */
  check: () => Promise<ConnectionStatus>;
  /** Resolves once the server answers again (at once while it does). */
  whenOnline: () => Promise<void>;
}

/**
 * The connection state machine. `probe` checks the server; while it is in trouble a check is
 * scheduled after each failed one, 1 s doubling to 10 s (or the answer's Retry-After), until one
 * succeeds or an API call gets an answer.
 */
export function createConnection(probe: Probe): Connection {
  let snapshot: ConnectionSnapshot = { status: 'online', nextTryAt: undefined };
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let checking: Promise<ConnectionStatus> | undefined;
  /** Counts the returns to online: a check that started before one no longer decides anything. */
  let epoch = 0;
  const listeners = new Set<() => void>();

  const set = (status: ConnectionStatus, nextTryAt: number | undefined) => {
    if (status === snapshot.status && nextTryAt === snapshot.nextTryAt) return;
    snapshot = { status, nextTryAt };
    for (const listener of [...listeners]) listener();
  };
  const schedule = (status: ConnectionTrouble, delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void check(), delay);
    set(status, Date.now() + delay);
  };
  const online = () => {
    clearTimeout(timer);
    timer = undefined;
    failures = 0;
    epoch++;
    set('online', undefined);
  };

  function check(): Promise<ConnectionStatus> {
    clearTimeout(timer);
    timer = undefined;
    if (snapshot.status !== 'online') set(snapshot.status, undefined);
    const started = epoch;
    checking ??= probe()
      .catch((): ConnectionTrouble => 'unreachable')
      .then((trouble) => {
        checking = undefined;
        if (started !== epoch) return snapshot.status;
        if (trouble) schedule(trouble, retryDelayMs(failures++));
        else online();
        return snapshot.status;
      });
    return checking;
  }

  return {
    get: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    report: (trouble, retryAfterSeconds) => {
      if (!trouble) return online();
      // A check already planned or under way stays: each failed call must not put it off.
      if (checking || timer !== undefined) return set(trouble, snapshot.nextTryAt);
      schedule(trouble, retryDelayMs(failures++, retryAfterSeconds));
    },
    check,
    whenOnline: () =>
      new Promise<void>((resolve) => {
        if (snapshot.status === 'online') return resolve();
        const stop = () => {
          if (snapshot.status !== 'online') return;
          listeners.delete(stop);
          resolve();
        };
        listeners.add(stop);
      }),
  };
}

/**
 * The readiness endpoint, which answers without the database: 200 when the API can serve, 503 with
 * `database: 'error'` while its database is away. A 503 for other reasons (the job runner still
 * starting) still serves the API; a proxy's 502/503/504 without our body is the app reconnecting.
 */
async function probeReadiness(): Promise<ConnectionTrouble | undefined> {
  let response: Response;
  try {
    response = await getReadiness(AbortSignal.timeout(10_000));
  } catch {
    return 'unreachable';
  }
  if (response.ok) return undefined;
  const body = (await response.json().catch(() => undefined)) as { database?: unknown } | undefined;
  return body?.database === 'ok' ? undefined : troubleOfAnswer(response.status, undefined);
}

/** The app's connection to its server: the API client reports into it, the banner and the query cache read it. */
export const connection: Connection = createConnection(probeReadiness);
