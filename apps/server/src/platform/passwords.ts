import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { passwordVerificationsTotal } from './metrics.ts';

// OWASP Password Storage Cheat Sheet, argon2id minimum: m=19 MiB, t=2, p=1. `Algorithm` is a const
// enum that type stripping cannot inline, hence the literal (2 = Argon2id).
const ARGON2_OPTIONS: Options = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id (PHC string: algorithm, parameters and salt included). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Checks a password against a stored hash; false (never throws) on malformed hashes. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  let matches: boolean;
  try {
    matches = await verify(storedHash, password);
  } catch {
    matches = false;
  }
  passwordVerificationsTotal.inc({ outcome: matches ? 'match' : 'mismatch' });
  return matches;
}

let dummyHash: Promise<string> | undefined;

/**
 * Burns the same time as a real verification. Used when the email is unknown so that the answer
 * time does not reveal whether an account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that never matches anything');
  await verifyPassword(await dummyHash, password);
  return false;
}
