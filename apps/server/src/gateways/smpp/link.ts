import type { SmppConfig, SmppSecrets } from '@sms/contracts/gateway-smpp';
import { guardedLookup } from '../../platform/outbound-address.ts';
import { GatewayLinkDown, GatewayUnavailable, GatewayUnusable, type GatewayLogger } from '../gateway.ts';
import { reconnectDelayMs, seconds } from './timing.ts';
import smpp, { type Pdu, type Session } from './smpp-library.ts';
import { isUnusableBind, statusCode, statusText } from './status-codes.ts';

/** idle: never connected; backoff: waiting to reconnect; unusable: bind refused for good. */
export type LinkState = 'idle' | 'connecting' | 'bound' | 'backoff' | 'unusable' | 'closed';

/** What the rest of the gateway hears from the link. */
export interface LinkHandlers {
  /** Bound (for the first time or again). */
  bound(): void;
  /** The bound session is gone (dropped, unbound by the SMSC, dead link, closing). */
  lost(reason: string): void;
  /** An attempt to connect or bind failed (unusable: refused for good, no automatic retry). */
  failed(failure: BindFailure): void;
  /** Any PDU the link does not handle itself (submit_sm_resp, generic_nack, deliver_sm...). */
  pdu(pdu: Pdu, session: Session): void;
}

/** Why a bind failed; unusable = the settings will never work (credentials refused). */
export interface BindFailure {
  unusable: boolean;
  message: string;
}

/** The error sendBatch throws for a failed bind. */
export const bindError = (failure: BindFailure, retryAfterMs?: number): Error =>
  failure.unusable
    ? new GatewayUnusable(failure.message)
    : new GatewayLinkDown(failure.message, retryAfterMs === undefined ? {} : { retryAfterMs });

/** SMPP 3.4 interface_version (the library's default would announce SMPP 5.0). */
const INTERFACE_VERSION = 0x34;

/**
 * One SMPP transceiver connection kept alive: bind_transceiver, enquire_link when idle,
 * reconnection with exponential backoff (min..max, 20 % jitter) after a drop, an unbind from the
 * SMSC or a failed attempt. A bind refused for credentials stops the automatic retries (repeated
 * bad logins can lock an account); the next sendBatch or testConnection tries once more.
 */
export function createSmppLink(settings: { config: SmppConfig; secrets: SmppSecrets }, handlers: LinkHandlers, logger: GatewayLogger) {
  const { config, secrets } = settings;
  const where = `${config.host}:${config.port}`;
  let state: LinkState = 'idle';
  let session: Session | null = null;
  let failures = 0;
  let retryAt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let lastFailure: BindFailure = { unusable: false, message: `Not connected to ${where}` };
  let waiters: { resolve: (session: Session) => void; reject: (failure: BindFailure) => void }[] = [];

  const settle = (outcome: Session | BindFailure) => {
    const current = waiters;
    waiters = [];
    for (const waiter of current) {
      if ('unusable' in outcome) waiter.reject(outcome);
      else waiter.resolve(outcome);
    }
  };

  const fail = (failure: BindFailure) => {
    lastFailure = failure;
    settle(failure);
    if (state === 'closed') return;
    handlers.failed(failure);
    if (failure.unusable) {
      state = 'unusable';
      logger.error({ smsc: where }, `SMPP bind refused: ${failure.message}`);
      return;
    }
    failures++;
    scheduleRetry();
    logger.warn({ smsc: where, retryInMs: retryAt - Date.now() }, `SMPP connection failed: ${failure.message}`);
  };

  const scheduleRetry = () => {
    const delay = reconnectDelayMs(config, failures);
    state = 'backoff';
    retryAt = Date.now() + delay;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, delay);
    retryTimer.unref();
  };

  function connect(): void {
    clearTimeout(retryTimer);
    state = 'connecting';
    let bound = false;
    let failure: BindFailure | null = null;
    let lostReason = 'connection closed by the SMSC';
    // guardedLookup: a host name resolving to a link-local (metadata) address fails the connection.
    const current = smpp.connect({
      host: config.host,
      port: config.port,
      tls: config.tls,
      lookup: guardedLookup,
      ...(config.tls ? { servername: config.host } : {}),
    });
    session = current;
    const bindTimer = setTimeout(() => {
      failure ??= { unusable: false, message: `No answer to bind from ${where} within ${config.submitTimeoutSeconds} s` };
      current.destroy();
    }, seconds(config.submitTimeoutSeconds));
    const keepAlive = createKeepAlive(current, config.enquireLinkSeconds, () => {
      lostReason = 'no answer to enquire_link';
      current.destroy();
    });

    current.on(config.tls ? 'secureConnect' : 'connect', () => {
      // SMPP is request/answer with a window of small PDUs: Nagle's algorithm would hold each one
      // back until the SMSC acknowledges the previous segment (up to its delayed-ACK time).
      current.socket.setNoDelay(true);
      const bind = new smpp.PDU('bind_transceiver', {
        system_id: config.systemId,
        password: secrets.password,
        system_type: config.systemType,
        interface_version: INTERFACE_VERSION,
      });
      current.send(bind, (response) => {
        clearTimeout(bindTimer);
        const status = response.command_status;
        if (status !== 0) {
          failure = { unusable: isUnusableBind(status), message: `${statusText(status)} (${statusCode(status)})` };
          current.destroy();
          return;
        }
        bound = true;
        state = 'bound';
        failures = 0;
        keepAlive.start();
        logger.info({ smsc: where, systemId: config.systemId, smscSystemId: response.system_id }, 'SMPP bound');
        handlers.bound();
        settle(current);
      });
    });
    current.on('error', (error: NodeJS.ErrnoException) => {
      // Also PDU parse errors, after which the library stops reading: the connection is done for.
      failure ??= { unusable: false, message: `Cannot connect to ${where}: ${error.code ?? error.message}` };
      lostReason = error.code ?? error.message;
      current.destroy();
    });
    current.on('pdu', (pdu: Pdu) => {
      keepAlive.heard();
      if (pdu.command === 'enquire_link') current.send(pdu.response());
      else if (pdu.command === 'unbind') {
        lostReason = 'unbound by the SMSC';
        current.send(pdu.response(), () => current.close());
      } else if (bound && !pdu.command.startsWith('bind_') && pdu.command !== 'enquire_link_resp' && pdu.command !== 'unbind_resp')
        handlers.pdu(pdu, current);
    });
    current.on('close', () => {
      clearTimeout(bindTimer);
      keepAlive.stop();
      if (session === current) session = null;
      if (!bound) return fail(failure ?? { unusable: false, message: `${where} closed the connection before the bind completed` });
      if (state === 'closed') return handlers.lost('gateway closed');
      logger.warn({ smsc: where }, `SMPP connection lost: ${lostReason}`);
      lastFailure = { unusable: false, message: `Connection to ${where} lost: ${lostReason}` };
      scheduleRetry();
      handlers.lost(lostReason);
    });
  }

  const wait = () =>
    new Promise<Session>((resolve, reject) => {
      waiters.push({ resolve, reject });
    });

  return {
    get state(): LinkState {
      return state;
    },
    /** The bound session, or null. */
    get session(): Session | null {
      return state === 'bound' ? session : null;
    },
    /** Starts connecting in the background (a transceiver should be bound to receive replies). */
    start(): void {
      if (state === 'idle') connect();
    },
    /**
     * The bound session for sendBatch: waits for an attempt in progress; while backing off after
     * a failure rejects at once with GatewayUnavailable (retryAfterMs = the wait left).
     */
    async whenReady(): Promise<Session> {
      if (state === 'bound' && session) return session;
      if (state === 'closed') throw new GatewayUnavailable('The SMPP gateway is closed');
      if (state === 'backoff') throw bindError(lastFailure, Math.max(0, retryAt - Date.now()));
      if (state === 'idle' || state === 'unusable') connect();
      return wait().catch((failure: BindFailure) => {
        throw bindError(failure, state === 'backoff' ? Math.max(0, retryAt - Date.now()) : undefined);
      });
    },
    /** Binds now if not bound (skipping any backoff wait): for "test connection". */
    async bindNow(): Promise<{ ok: true; smsc: string } | { ok: false; failure: BindFailure }> {
      if (state === 'closed') return { ok: false, failure: { unusable: false, message: 'The SMPP gateway is closed' } };
      if (state !== 'bound' && state !== 'connecting') connect();
      if (state === 'bound') return { ok: true, smsc: where };
      return wait().then(
        () => ({ ok: true as const, smsc: where }),
        (failure: BindFailure) => ({ ok: false as const, failure }),
      );
    },
    /** Unbinds (waiting up to 2 s for unbind_resp) and closes the socket; no reconnection after. */
    async close(): Promise<void> {
      const wasBound = state === 'bound';
      state = 'closed';
      clearTimeout(retryTimer);
      settle({ unusable: false, message: 'The SMPP gateway is closed' });
      const current = session;
      if (!current) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => current.destroy(), 2000);
        current.socket.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        if (wasBound && current.send(new smpp.PDU('unbind'), () => current.close())) return;
        current.destroy();
      });
    },
  };
}

/**
 * enquire_link on an idle link: every period, if nothing was heard during it, one enquire_link;
 * if that is still unanswered at the next period the link is declared dead.
 */
function createKeepAlive(session: Session, periodSeconds: number, dead: () => void) {
  let lastHeard = Date.now();
  let outstanding = false;
  let timer: NodeJS.Timeout | undefined;
  const period = seconds(periodSeconds);
  return {
    heard() {
      lastHeard = Date.now();
      outstanding = false;
    },
    start() {
      timer = setInterval(() => {
        if (outstanding) return dead();
        if (Date.now() - lastHeard < period) return;
        outstanding = true;
        session.send(new smpp.PDU('enquire_link'));
      }, period);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
