import type { SmsEncoding } from '../gateway.ts';
import { decodeGsm7Septets, gsm7Septets, splitSms } from '@sms/contracts/sms-encoding';

/**
 * The text rules the gateway needs (shared with the composer's counter in packages/contracts, so
 * the parts sent are the segments the user was shown). Injectable for tests.
 */
export interface SmsCodec {
  /** Encoding and parts of a text (parts never split an escape pair or a surrogate pair). */
  splitSms(text: string): { encoding: SmsEncoding; parts: string[] };
  /** GSM-7 septet codes, one per octet, 0x1B before extension characters. */
  gsm7Septets(text: string): Uint8Array;
  /** The inverse of gsm7Septets. */
  decodeGsm7Septets(septets: ArrayLike<number>): string;
}

export const defaultSmsCodec: SmsCodec = { splitSms, gsm7Septets, decodeGsm7Septets };
