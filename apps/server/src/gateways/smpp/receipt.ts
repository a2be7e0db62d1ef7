import type { DeliveryReceipt } from '../gateway.ts';

type ReceiptStatus = DeliveryReceipt['status'];

/** Receipt `stat:` words (SMPP 3.4 appendix B); null = intermediate, no receipt is reported. */
const STAT_WORDS: Record<string, ReceiptStatus | null> = {
  DELIVRD: 'delivered',
  UNDELIV: 'undelivered',
  EXPIRED: 'undelivered',
  DELETED: 'undelivered',
  UNKNOWN: 'undelivered',
  SKIPPED: 'undelivered',
  REJECTD: 'failed',
  ACCEPTD: null,
  ENROUTE: null,
  SCHEDULED: null,
};

/** message_state TLV values (section 5.2.28) with their receipt word and outcome. */
const MESSAGE_STATES: Record<number, { word: string; status: ReceiptStatus | null }> = {
  0: { word: 'SCHEDULED', status: null },
  1: { word: 'ENROUTE', status: null },
  2: { word: 'DELIVRD', status: 'delivered' },
  3: { word: 'EXPIRED', status: 'undelivered' },
  4: { word: 'DELETED', status: 'undelivered' },
  5: { word: 'UNDELIV', status: 'undelivered' },
  6: { word: 'ACCEPTD', status: null },
  7: { word: 'UNKNOWN', status: 'undelivered' },
  8: { word: 'REJECTD', status: 'failed' },
  9: { word: 'SKIPPED', status: 'undelivered' },
};

/** What a receipt deliver_sm carries, from its TLVs and its text. */
export interface ReceiptFields {
  receiptedMessageId?: string | undefined;
  messageState?: number | undefined;
  /** network_error_code TLV: network type octet + 2-octet error. */
  networkErrorCode?: Buffer | undefined;
  /** short_message or message_payload, read as Latin-1. */
  text: string;
}

export type ParsedReceipt =
  { kind: 'final'; receipt: DeliveryReceipt } | { kind: 'intermediate'; gatewayMessageId: string } | { kind: 'unreadable'; reason: string };

const field = (text: string, pattern: RegExp) => pattern.exec(text)?.[1];

/** 'YYMMDDhhmm' or 'YYMMDDhhmmss' in UTC (the receipt format of SMPP 3.4 appendix B). */
export function parseReceiptDate(value: string | undefined): Date | null {
  const match = value ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/.exec(value) : null;
  if (!match) return null;
  const [, yy, mo, dd, hh, mi, ss] = match.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(2000 + yy, mo - 1, dd, hh, mi, Number.isNaN(ss) ? 0 : ss));
  // Reject rollovers such as month 13 or day 32.
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === dd && hh < 24 && mi < 60 ? date : null;
}

/**
 * Reads a delivery receipt: the receipted_message_id and message_state TLVs when present
 * (they win), else the receipt text (`id:... stat:... err:... done date:...`). `at` is the done
 * date, or `now` when there is none.
 */
export function parseReceipt(fields: ReceiptFields, now: Date): ParsedReceipt {
  const text = fields.text;
  const id = fields.receiptedMessageId?.trim() || field(text, /\bid:(\S+)/i);
  if (!id) return { kind: 'unreadable', reason: 'no message id' };
  let word: string | undefined;
  let status: ReceiptStatus | null | undefined;
  const state = fields.messageState === undefined ? undefined : MESSAGE_STATES[fields.messageState];
  if (state) {
    word = state.word;
    status = state.status;
  } else {
    word = field(text, /\bstat:([A-Za-z]+)/i)?.toUpperCase();
    status = word === undefined ? undefined : STAT_WORDS[word];
  }
  if (status === undefined) return { kind: 'unreadable', reason: word ? `unknown state ${word}` : 'no state' };
  if (status === null) return { kind: 'intermediate', gatewayMessageId: id };
  const textError = field(text, /\berr:(\w+)/i);
  const tlvError =
    fields.networkErrorCode && fields.networkErrorCode.length >= 3
      ? String(fields.networkErrorCode.readUInt16BE(1)).padStart(3, '0')
      : undefined;
  const errorCode = status === 'delivered' ? null : (textError ?? tlvError ?? null);
  return {
    kind: 'final',
    receipt: {
      gatewayMessageId: id,
      status,
      errorCode,
      errorText: status === 'delivered' ? null : word,
      at: parseReceiptDate(field(text, /\bdone date:(\d{10,12})\b/i)) ?? now,
    },
  };
}
