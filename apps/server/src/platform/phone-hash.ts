import { createHash } from 'node:crypto';

/**
 * The suppression list's hash of a number (E.164): SHA-256 of the installation's own random salt
 * and the number. Without the salt, a list of hashes of phone numbers could be reversed by trying
 * every number; with it, only this installation can tell whether a number is on its list.
 * Pure (no database), so the import's reading thread can use it.
 */
export const phoneHash = (salt: string, e164: string): string => createHash('sha256').update(salt).update('\0').update(e164).digest('hex');
