import type { SmsCodec } from '../src/gateways/smpp/sms-codec.ts';

/** A received (MO) message the peer injects. */
export interface MoMessage {
  /** Sender: '+447700900123' (sent as TON 1 / NPI 1) or an alphanumeric ID. */
  from: string;
  /** Our number or sender ID. */
  to: string;
  /** The text, or its parts (then sent as a concatenated message). */
  text: string | string[];
  /** Default: GSM-7 when the text allows it, else UCS-2. */
  encoding?: 'GSM-7' | 'UCS-2' | 'Latin-1';
  /** How parts are tied together: UDH with 8-bit (default) or 16-bit reference, or SAR TLVs. */
  concat?: 'udh8' | 'udh16' | 'sar';
  reference?: number;
  /** Order in which the parts (0-based) are sent; parts left out are never sent. */
  order?: number[];
  /** Carry the text in the message_payload TLV instead of short_message. */
  payloadTlv?: boolean;
}

const DATA_CODING = { 'GSM-7': 0, 'UCS-2': 8, 'Latin-1': 3 } as const;

function encode(text: string, encoding: keyof typeof DATA_CODING, codec: SmsCodec): Buffer {
  if (encoding === 'GSM-7') return Buffer.from(codec.gsm7Septets(text));
  if (encoding === 'Latin-1') return Buffer.from(text, 'latin1');
  return Buffer.from(text, 'utf16le').swap16();
}

const address = (value: string) =>
  /^\+\d+$/.test(value)
    ? { ton: 1, npi: 1, addr: value.slice(1) }
    : /^\d+$/.test(value)
      ? { ton: 0, npi: 1, addr: value }
      : { ton: 5, npi: 0, addr: value };

/** deliver_sm fields for each part of an MO message, in sending order. */
export function buildMoParts(message: MoMessage, codec: SmsCodec): Record<string, unknown>[] {
  const split = codec.splitSms(Array.isArray(message.text) ? message.text.join('') : message.text);
  const encoding = message.encoding ?? split.encoding;
  const parts = Array.isArray(message.text) ? message.text : split.parts;
  const reference = message.reference ?? Math.floor(Math.random() * 256);
  const concat = message.concat ?? 'udh8';
  const from = address(message.from);
  const to = address(message.to);
  const order = message.order ?? parts.map((_, index) => index);
  return order.map((index) => {
    const body = encode(parts[index] ?? '', encoding, codec);
    const total = parts.length;
    let esmClass = 0;
    let content = body;
    const tlvs: Record<string, unknown> = {};
    if (total > 1 && concat === 'sar')
      Object.assign(tlvs, { sar_msg_ref_num: reference, sar_total_segments: total, sar_segment_seqnum: index + 1 });
    else if (total > 1) {
      esmClass = 0x40;
      const udh =
        concat === 'udh16'
          ? [0x06, 0x08, 0x04, (reference >> 8) & 0xff, reference & 0xff, total, index + 1]
          : [0x05, 0x00, 0x03, reference & 0xff, total, index + 1];
      content = Buffer.concat([Buffer.from(udh), body]);
    }
    return {
      source_addr_ton: from.ton,
      source_addr_npi: from.npi,
      source_addr: from.addr,
      dest_addr_ton: to.ton,
      dest_addr_npi: to.npi,
      destination_addr: to.addr,
      esm_class: esmClass,
      data_coding: DATA_CODING[encoding],
      short_message: message.payloadTlv ? Buffer.alloc(0) : content,
      ...(message.payloadTlv ? { message_payload: content } : {}),
      ...tlvs,
    };
  });
}
