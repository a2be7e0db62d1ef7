import type { SmsCodec } from './sms-codec.ts';

/** data_coding values (SMPP 3.4 section 5.2.19) the gateway reads and writes. */
export const DATA_CODING = { smscDefault: 0x00, latin1: 0x03, binary: 0x04, ucs2: 0x08 } as const;
/** esm_class bit: short_message starts with a User Data Header. */
export const ESM_UDHI = 0x40;
/** Most parts one concatenated message can have (the UDH counts them in one octet). */
export const MAX_PARTS = 255;

/** One submit_sm's worth of a message. */
export interface EncodedPart {
  dataCoding: number;
  esmClass: number;
  shortMessage: Buffer;
}

/** GSM-7 as unpacked septets under data_coding 0; everything else as UCS-2 big-endian. */
function encodeText(text: string, encoding: 'GSM-7' | 'UCS-2', codec: SmsCodec): Buffer {
  if (encoding === 'GSM-7') return Buffer.from(codec.gsm7Septets(text));
  const bytes = Buffer.from(text, 'utf16le');
  bytes.swap16();
  return bytes;
}

/**
 * Encodes a text into submit_sm parts. A long text is split by the shared rules and each part
 * gets the 8-bit-reference concatenation header (IEI 0x00: reference, total, sequence) with
 * esm_class UDHI. `reference` tells the parts of this message from another one's.
 * Null when the text needs more than 255 parts.
 */
export function encodeMessage(body: string, reference: number, codec: SmsCodec): EncodedPart[] | null {
  const { encoding, parts } = codec.splitSms(body);
  const dataCoding = encoding === 'GSM-7' ? DATA_CODING.smscDefault : DATA_CODING.ucs2;
  if (parts.length <= 1) return [{ dataCoding, esmClass: 0, shortMessage: encodeText(parts[0] ?? '', encoding, codec) }];
  if (parts.length > MAX_PARTS) return null;
  return parts.map((text, index) => ({
    dataCoding,
    esmClass: ESM_UDHI,
    shortMessage: Buffer.concat([
      Buffer.from([0x05, 0x00, 0x03, reference & 0xff, parts.length, index + 1]),
      encodeText(text, encoding, codec),
    ]),
  }));
}
