import { createHash } from 'node:crypto';
import type { InboundSms } from '../gateway.ts';
import { type Concatenation, decodeText } from './decode.ts';
import type { SmsCodec } from './sms-codec.ts';

/** One received (MO) deliver_sm, its text still encoded. */
export interface InboundPart {
  from: string;
  to: string;
  dataCoding: number;
  concatenation: Concatenation | null;
  payload: Buffer;
  receivedAt: Date;
}

/** Width of the time bucket in inbound ids. */
const ID_BUCKET_MS = 10 * 60_000;

/**
 * A stable id for a received message. SMPP gives an MO message no id of its own, and an SMSC
 * delivers a deliver_sm again when our deliver_sm_resp was lost (connection dropped). So the id
 * hashes what a redelivery repeats: sender, recipient, text (and concatenation reference), plus
 * the 10-minute window it arrived in. The same text from the same number within one window is one
 * message; a redelivery that crosses a window edge becomes a second message (at-least-once).
 */
export function inboundId(from: string, to: string, body: string, receivedAt: Date, reference: number | null): string {
  const bucket = Math.floor(receivedAt.getTime() / ID_BUCKET_MS);
  const hash = createHash('sha256')
    .update(`${from}\u0000${to}\u0000${reference ?? ''}\u0000${bucket}\u0000${body}`)
    .digest('hex');
  return `smpp-mo-${hash.slice(0, 40)}`;
}

interface PendingGroup {
  first: InboundPart;
  parts: (InboundPart | undefined)[];
  received: number;
  timer: NodeJS.Timeout;
}

/** Marks where a part that never came belongs in a message delivered incomplete. */
export const MISSING_PART = '…';

/**
 * Reassembles concatenated inbound messages (UDH or SAR TLVs) before handing them on. The octets
 * of all parts are joined before decoding, so a character split across parts survives. Parts
 * that do not all arrive within `timeoutMs` are handed on as they are, with MISSING_PART in the
 * gaps: a reply with a hole beats a lost reply. Held parts live in memory only; a restart loses
 * them (their deliver_sm were already answered).
 */
export function createInboundAssembler(options: { codec: SmsCodec; timeoutMs: number; emit: (message: InboundSms) => void }) {
  const groups = new Map<string, PendingGroup>();

  const emit = (first: InboundPart, body: string) => {
    options.emit({
      gatewayMessageId: inboundId(first.from, first.to, body, first.receivedAt, first.concatenation?.reference ?? null),
      from: first.from,
      to: first.to,
      body,
      receivedAt: first.receivedAt,
    });
  };

  const complete = (key: string, group: PendingGroup) => {
    clearTimeout(group.timer);
    groups.delete(key);
    if (group.received === group.parts.length) {
      emit(
        group.first,
        decodeText(Buffer.concat(group.parts.map((part) => (part as InboundPart).payload)), group.first.dataCoding, options.codec),
      );
    } else {
      emit(
        group.first,
        group.parts.map((part) => (part ? decodeText(part.payload, part.dataCoding, options.codec) : MISSING_PART)).join(''),
      );
    }
  };

  return {
    /** Takes one received part; complete messages are emitted at once (then true). */
    add(part: InboundPart): boolean {
      const concat = part.concatenation;
      if (!concat || concat.total <= 1) {
        emit(part, decodeText(part.payload, part.dataCoding, options.codec));
        return true;
      }
      const key = `${part.from}|${part.to}|${concat.reference}|${concat.total}`;
      let group = groups.get(key);
      if (!group) {
        const timer = setTimeout(() => {
          const pending = groups.get(key);
          if (pending) complete(key, pending);
        }, options.timeoutMs);
        timer.unref();
        group = { first: part, parts: new Array<InboundPart | undefined>(concat.total).fill(undefined), received: 0, timer };
        groups.set(key, group);
      }
      if (group.parts[concat.sequence - 1] === undefined) group.received++;
      group.parts[concat.sequence - 1] = part;
      if (concat.sequence === 1) group.first = part;
      if (group.received < concat.total) return false;
      complete(key, group);
      return true;
    },
    /** Hands on every incomplete message now (at close). */
    flush(): void {
      for (const [key, group] of groups) complete(key, group);
    },
  };
}
