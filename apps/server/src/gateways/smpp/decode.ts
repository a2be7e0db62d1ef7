import { DATA_CODING, ESM_UDHI } from './encode.ts';
import type { SmsCodec } from './sms-codec.ts';

/** Concatenation info of one part (from a UDH or the SAR TLVs). */
export interface Concatenation {
  reference: number;
  total: number;
  sequence: number;
}

/** A short message split into its User Data Header and its text octets. */
export interface UserData {
  concatenation: Concatenation | null;
  /** The octets after the UDH, still encoded. */
  payload: Buffer;
}

/**
 * Splits a short_message into UDH and payload when esm_class says there is a UDH, and reads
 * the concatenation element (IEI 0x00 with an 8-bit reference, 0x08 with a 16-bit one).
 * A malformed UDH leaves the octets as they are.
 */
export function splitUserData(bytes: Buffer, esmClass: number): UserData {
  if ((esmClass & ESM_UDHI) === 0 || bytes.length === 0) return { concatenation: null, payload: bytes };
  const udhLength = bytes[0] as number;
  if (udhLength + 1 > bytes.length) return { concatenation: null, payload: bytes };
  let concatenation: Concatenation | null = null;
  for (let offset = 1; offset + 1 < udhLength + 1;) {
    const iei = bytes[offset] as number;
    const length = bytes[offset + 1] as number;
    const data = bytes.subarray(offset + 2, offset + 2 + length);
    if (iei === 0x00 && length === 3)
      concatenation = { reference: data[0] as number, total: data[1] as number, sequence: data[2] as number };
    if (iei === 0x08 && length === 4)
      concatenation = { reference: data.readUInt16BE(0), total: data[2] as number, sequence: data[3] as number };
    offset += 2 + length;
  }
  if (concatenation && (concatenation.total === 0 || concatenation.sequence === 0 || concatenation.sequence > concatenation.total))
    concatenation = null;
  return { concatenation, payload: bytes.subarray(udhLength + 1) };
}

/**
 * Decodes message octets by data_coding: 0 GSM-7 (unpacked septets), 3 Latin-1, 8 UCS-2
 * big-endian; 1 (IA5/ASCII) and unknown codings are read as Latin-1, which keeps ASCII intact.
 */
export function decodeText(bytes: Buffer, dataCoding: number, codec: SmsCodec): string {
  const coding = dataCoding & 0xff;
  // 0xF0-0xFF: message class group; bit 2 clear means the GSM default alphabet.
  if (coding === DATA_CODING.smscDefault || ((coding & 0xf0) === 0xf0 && (coding & 0x04) === 0)) return codec.decodeGsm7Septets(bytes);
  if (coding === DATA_CODING.ucs2) {
    const even = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
    return even.swap16().toString('utf16le');
  }
  return bytes.toString('latin1');
}
