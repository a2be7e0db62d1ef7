import { isNumericSender, SMPP_LIMITS, type SmppConfig } from '@sms/contracts/gateway-smpp';

/** An SMPP address: type of number, numbering plan, digits or text. */
export interface SmppAddress {
  ton: number;
  npi: number;
  addr: string;
}

/**
 * The source address of a submit: numeric senders ('+447700900123', '12345') use the numeric
 * TON/NPI and lose their '+'; anything else is an alphanumeric sender ID. No sender at all
 * leaves the address empty (TON/NPI 0) for the SMSC to fill. Null when the sender cannot be sent.
 */
export function sourceAddress(sender: string | null, config: SmppConfig): SmppAddress | null {
  const value = (sender ?? config.defaultSender ?? '').trim();
  if (value === '') return { ton: 0, npi: 0, addr: '' };
  if (isNumericSender(value)) {
    const digits = value.replace('+', '');
    return digits.length <= SMPP_LIMITS.numericSenderMax
      ? { ton: config.numericSourceTon, npi: config.numericSourceNpi, addr: digits }
      : null;
  }
  if (value.length > SMPP_LIMITS.alphanumericSenderMax || !/^[\x20-\x7e]+$/.test(value)) return null;
  return { ton: config.alphanumericSourceTon, npi: config.alphanumericSourceNpi, addr: value };
}

/** The destination of a submit from an E.164 number; null when it is not one. */
export function destinationAddress(to: string, config: SmppConfig): SmppAddress | null {
  const digits = to.startsWith('+') ? to.slice(1) : to;
  if (!/^\d{3,15}$/.test(digits)) return null;
  return { ton: config.destinationTon, npi: config.destinationNpi, addr: digits };
}

/** A received address as the inbound path expects it: '+' in front of international numbers. */
export function addressOf(addr: string | undefined, ton: number | undefined): string {
  const value = addr ?? '';
  return ton === 1 && /^\d+$/.test(value) ? `+${value}` : value;
}
