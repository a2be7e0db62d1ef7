// Without zod, so the first pages need not load it (decision 064); messages.ts re-exports it.

/**
 * Outbound message statuses (PRODUCT.md section 4): queued -> sending -> sent (gateway accepted)
 * -> delivered | undelivered; failed = never reached the carrier; cancelled = the campaign was
 * cancelled first; skipped = not sent on purpose (opted out, expired validity); unknown = handed to
 * the carrier, but no receipt came by the end of its validity plus a grace (error RECEIPT_TIMEOUT,
 * decision 073): a late receipt still moves it to delivered or undelivered, a reply to delivered.
 */
export const MESSAGE_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'unknown',
  'failed',
  'cancelled',
  'skipped',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Statuses a message never leaves (except undelivered -> delivered on a late receipt). Not unknown: a late receipt moves it. */
export const FINAL_MESSAGE_STATUSES: readonly MessageStatus[] = ['delivered', 'undelivered', 'failed', 'cancelled', 'skipped'];

/** Statuses of messages that reached the carrier (what "sent" means in reports). */
export const HANDED_OVER_STATUSES: readonly MessageStatus[] = ['sent', 'delivered', 'undelivered', 'unknown'];

/**
 * Statuses that count as reached (reply-figures.ts): handed to the carrier and not reported lost.
 * unknown counts like sent (decision 073), so a campaign's reach never moves when its receipts time out.
 */
export const REACHED_STATUSES = ['sent', 'delivered', 'unknown'] as const satisfies readonly MessageStatus[];
export type ReachedStatus = (typeof REACHED_STATUSES)[number];

/** How many messages of some counts were handed to the carrier (HANDED_OVER_STATUSES). */
export const handedOver = (counts: Record<MessageStatus, number>): number =>
  HANDED_OVER_STATUSES.reduce((sum, status) => sum + counts[status], 0);

/**
 * The engine's own reasons for a message not sent or not yet sent (a gateway's codes are its own).
 * The web app translates these by code; the stored error text stays English for API users and
 * exports.
 */
export const MESSAGE_ERROR_CODES = {
  optedOut: 'OPTED_OUT',
  contactDeleted: 'CONTACT_DELETED',
  expired: 'VALIDITY_EXPIRED',
  gatewayUnusable: 'GATEWAY_UNUSABLE',
  gatewayUnavailable: 'GATEWAY_UNAVAILABLE',
  noResult: 'NO_RESULT',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  emptyBody: 'EMPTY_BODY',
  /** Handed to the carrier, no receipt by the end of the validity period plus a grace (status unknown). */
  receiptTimeout: 'RECEIPT_TIMEOUT',
} as const;
export type MessageErrorCode = (typeof MESSAGE_ERROR_CODES)[keyof typeof MESSAGE_ERROR_CODES];
/** Whether an error code is one of the engine's own (MESSAGE_ERROR_CODES). */
export const isMessageErrorCode = (code: string): code is MessageErrorCode =>
  (Object.values(MESSAGE_ERROR_CODES) as string[]).includes(code);
/** Engine codes whose error text is the gateway's own words, shown inside the translated sentence. */
export const MESSAGE_ERRORS_WITH_GATEWAY_DETAIL: readonly MessageErrorCode[] = [
  MESSAGE_ERROR_CODES.gatewayUnusable,
  MESSAGE_ERROR_CODES.gatewayUnavailable,
];

/**
 * Kinds of outbound message: part of a campaign, a test send, a one-off reply from the inbox, an
 * automatic answer to a keyword (STOP, HELP...: sent even to the contact who just opted out), an
 * account notice (reset link, sign-in code: never shown through the API), a message sent by other
 * software through the integration API (/api/v1).
 */
export const MESSAGE_KINDS = ['campaign', 'test', 'reply', 'auto', 'notice', 'api'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
