import type { TwoStepSetup } from '@sms/contracts/two-step';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@sms/contracts/two-step';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** A new TOTP secret: 160 random bits in base32, what authenticator apps expect. */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URI and its QR code (an SVG data URL: the page's CSP allows data: images). */
export async function totpEnrolment(secret: string, account: string, issuer: string): Promise<TwoStepSetup> {
  const otpauthUri = generateURI({ issuer, label: account, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step a 6-digit code belongs to, or null when it matches none. One step of clock drift
 * is accepted either way (RFC 6238 section 5.2: the previous, current and next 30 seconds); steps
 * at or before `afterStep` (the last one used) are refused, so a code never works twice.
 */
export async function matchTotp(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
