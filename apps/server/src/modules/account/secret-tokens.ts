import { createHash, randomBytes } from 'node:crypto';

/** A fresh unguessable token for a link or a challenge: 256 random bits, base64url. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/**
 * What the database keeps of a token or code: its sha256. Tokens are random 256-bit values, so a
 * fast hash is enough (nothing to brute-force); the plain value never leaves the response.
 */
export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');
