import type { Pdu } from '../src/gateways/smpp/smpp-library.ts';
import { type Concatenation, decodeText, splitUserData } from '../src/gateways/smpp/decode.ts';
import { defaultSmsCodec } from '../src/gateways/smpp/sms-codec.ts';

/** One submit_sm the peer accepted. */
export interface RecordedSubmit {
  messageId: string;
  sessionId: number;
  source: string;
  sourceTon: number;
  sourceNpi: number;
  /** E.164 when the TON is international ('+447700900123'). */
  destination: string;
  destTon: number;
  destNpi: number;
  esmClass: number;
  dataCoding: number;
  registeredDelivery: number;
  /** The User Data Header octets (length octet included), or null. */
  udh: Buffer | null;
  concatenation: Concatenation | null;
  /** The encoded text after the UDH. */
  payload: Buffer;
  /** The text of this part, decoded by data_coding. */
  text: string;
}

/** A message as the handset would see it: its parts (by UDH) put together. */
export interface RecordedMessage {
  destination: string;
  text: string;
  dataCoding: number;
  parts: RecordedSubmit[];
}

/** What the peer keeps of an accepted submit_sm (the text only when recording). */
export function recordSubmit(pdu: Pdu, messageId: string, sessionId: number, destination: string, withText: boolean): RecordedSubmit {
  const esmClass = pdu.esm_class ?? 0;
  const raw = pdu.short_message ?? Buffer.alloc(0);
  const { concatenation, payload } = splitUserData(raw, esmClass);
  return {
    messageId,
    sessionId,
    source: pdu.source_addr ?? '',
    sourceTon: pdu.source_addr_ton ?? 0,
    sourceNpi: pdu.source_addr_npi ?? 0,
    destination,
    destTon: pdu.dest_addr_ton ?? 0,
    destNpi: pdu.dest_addr_npi ?? 0,
    esmClass,
    dataCoding: pdu.data_coding ?? 0,
    registeredDelivery: pdu.registered_delivery ?? 0,
    udh: raw.length > payload.length ? raw.subarray(0, raw.length - payload.length) : null,
    concatenation,
    payload,
    text: withText ? decodeText(payload, pdu.data_coding ?? 0, defaultSmsCodec) : '',
  };
}

/** Accepted submits put together into messages (by destination and UDH reference), in arrival order. */
export function assembleMessages(submits: RecordedSubmit[]): RecordedMessage[] {
  const open = new Map<string, RecordedMessage>();
  const all: RecordedMessage[] = [];
  for (const part of submits) {
    const concat = part.concatenation;
    if (!concat) {
      all.push({ destination: part.destination, text: part.text, dataCoding: part.dataCoding, parts: [part] });
      continue;
    }
    const key = `${part.destination}|${concat.reference}|${concat.total}`;
    let message = open.get(key);
    if (!message || concat.sequence === 1) {
      message = { destination: part.destination, text: '', dataCoding: part.dataCoding, parts: [] };
      open.set(key, message);
      all.push(message);
    }
    message.parts.push(part);
    message.parts.sort((a, b) => (a.concatenation?.sequence ?? 0) - (b.concatenation?.sequence ?? 0));
    message.text = decodeText(Buffer.concat(message.parts.map((p) => p.payload)), message.dataCoding, defaultSmsCodec);
  }
  return all;
}
