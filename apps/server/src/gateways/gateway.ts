/**
 * The one small interface every SMS gateway implements (simulator, SMPP, Twilio). The dispatcher
 * sends batches through it; receipts and inbound messages come back through GatewayEvents, which
 * the engine turns into batched database updates (modules/messaging).
 */
import type { GatewayKind } from '@sms/contracts/gateways';
import type { SmsEncoding } from '@sms/contracts/sms-encoding';

export type { GatewayKind, SmsEncoding };

/** One message ready to go: merge fields already rendered. */
export interface OutboundSms {
  /** Our message id (messages.id as a decimal string); results and receipts refer to it. */
  messageId: string;
  /** Destination, E.164 ('+447911123456'). */
  to: string;
  /** Sender ID (alphanumeric up to 11 characters, or a number); null = the gateway's default. */
  from: string | null;
  /** The final text. */
  body: string;
  encoding: SmsEncoding;
  /** Number of SMS parts the text needs (1 for a single SMS). */
  segments: number;
  /**
   * Goes before every message waiting in the gateway's own queue (high-priority API messages,
   * replies, test sends): a campaign's backlog there never delays it (decision 051).
   */
  urgent?: boolean;
}

/** What the gateway did with one message of a batch. */
export type SendResult =
  /** Accepted by the carrier side; a delivery receipt may follow under gatewayMessageId. */
  | { messageId: string; outcome: 'accepted'; gatewayMessageId: string }
  /**
   * Not accepted now, may succeed later (throttled, timeout, connection lost): retried with backoff.
   * An errorCode ending in `_DEFERRED` means the gateway did not try this message at all (it
   * stopped the batch early): the retry costs no attempt and does not count as an error.
   */
  | {
      messageId: string;
      outcome: 'retry';
      errorCode: string;
      errorText: string;
      retryAfterMs?: number;
      /**
       * The link to the carrier failed, not the message: 'down' = it was never handed over (no
       * connection); 'lost' = it was handed over but the answer was lost with the connection. Either
       * way the retry costs no attempt and is no error of the carrier's (an outage is waiting, not failing).
       */
      link?: 'down' | 'lost';
      /** It may have been accepted (its answer never came): a resend may duplicate it, and a reply may answer it. */
      maybeAccepted?: boolean;
    }
  /**
   * Refused for good (invalid number, blocked, ...): marked failed. `optOut` when the provider
   * says the recipient unsubscribed (e.g. Twilio 21610): the contact is opted out too.
   */
  | { messageId: string; outcome: 'failed'; errorCode: string; errorText: string; optOut?: boolean };

/** Final (or intermediate) delivery state reported by the carrier for an accepted message. */
export interface DeliveryReceipt {
  gatewayMessageId: string;
  status: 'delivered' | 'undelivered' | 'failed';
  errorCode?: string | null;
  errorText?: string | null;
  /** When the carrier says it happened (SMPP done date, Twilio callback time). */
  at: Date;
}

/** A message a phone sent to us (a reply, a keyword, a new conversation). */
export interface InboundSms {
  /** The gateway's id for it: the same id twice is one message (idempotent processing). */
  gatewayMessageId: string;
  /** Sender as received (normalised to E.164 by the inbound path). */
  from: string;
  /** Our number or sender ID it was sent to. */
  to: string;
  body: string;
  receivedAt: Date;
}

/**
 * Where a gateway hands what the carrier sends back. Both may be called with batches. The promise
 * resolves once they are stored: a gateway that acknowledges to the carrier (SMPP deliver_sm_resp)
 * waits for it, so an acknowledged receipt or message is never lost in a crash (the carrier
 * delivers unacknowledged ones again); a rejection means "not stored, let the carrier retry".
 */
export interface GatewayEvents {
  receipts(receipts: DeliveryReceipt[]): void | Promise<void>;
  inbound(messages: InboundSms[]): void | Promise<void>;
  /** A gateway that keeps a link to its carrier (SMPP) tells each change of it: bound, lost and retrying, refused. */
  link?(status: GatewayLinkStatus): void;
}

/** A gateway's link as it changes: connected; retrying after a loss or failed attempt; refused for good (credentials). */
export interface GatewayLinkStatus {
  state: 'connected' | 'retrying' | 'refused';
  /** Why it is not connected; null when connected. */
  reason: string | null;
}

/** The logging gateways do (the app's pino logger fits); never given a secret. */
export interface GatewayLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const ignore = () => {};

/** Logs nothing (the default of a gateway made without a logger). */
export const silentLogger: GatewayLogger = { debug: ignore, info: ignore, warn: ignore, error: ignore };

/**
 * The time as a process reads it (milliseconds since the epoch): Date.now, or a skewed clock in
 * tests. A gateway stamps what it receives with it; the engine turns those stamps into ages, so
 * a process's clock never orders events against another process's (the database's clock does).
 */
export type Clock = () => number;

/** The answer of "test connection" on the gateways screen. */
export type ConnectionTest = { ok: true; details: string } | { ok: false; message: string };

export interface SmsGateway {
  readonly kind: GatewayKind;
  /**
   * Submits a batch and resolves with one result per message (same order). Per-message problems
   * are results, not exceptions. Throws GatewayUnavailable when the whole gateway cannot take
   * messages right now (connection down: the batch is retried later) and GatewayUnusable when it
   * never will as configured (credentials refused, bad configuration: the campaign fails).
   */
  sendBatch(messages: OutboundSms[], signal?: AbortSignal): Promise<SendResult[]>;
  /**
   * Message parts handed over by sendBatch that wait for their turn (SMPP: for a slot in the
   * window), in this process. The dispatcher claims no more of a campaign while a batch's worth
   * waits: a claim is a hand-over, and what it claims would only queue behind (decision 113).
   * Absent: the gateway sends each batch at once.
   */
  backlog?(): number;
  /** Connects (if needed) and checks the credentials, without sending a message. */
  testConnection(): Promise<ConnectionTest>;
  /** Releases connections and timers; pending receipts may still arrive until it resolves. */
  close(): Promise<void>;
}

/** The whole gateway cannot take messages right now (transient): try the batch again later. */
export class GatewayUnavailable extends Error {
  override name = 'GatewayUnavailable';
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: { retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * The gateway's link to the carrier is down and reconnecting: the link's own state (GatewayEvents.link)
 * says so, so a campaign waiting for it need not repeat it as its status reason.
 */
export class GatewayLinkDown extends GatewayUnavailable {
  override name = 'GatewayLinkDown';
}

/** The gateway will never work as configured (credentials refused, bad settings). */
export class GatewayUnusable extends Error {
  override name = 'GatewayUnusable';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}

/** The gateway row is gone: unusable for good (its campaigns fail with the reason GATEWAY_DELETED). */
export class GatewayDeleted extends GatewayUnusable {
  override name = 'GatewayDeleted';
  constructor() {
    super('The gateway was deleted');
  }
}
