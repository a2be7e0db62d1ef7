import { createCipheriv, createDecipheriv, randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';

/**
 * Encrypted backups (docs/decisions/078-owner-only-files-and-encrypted-backups.md): the gzip'd
 * backup of backup-format.ts, sealed with a passphrase by Node's crypto (scrypt, AES-256-GCM), in
 * chunks that each carry their own authentication tag, so a file of any size streams through in
 * constant memory and a truncated, reordered or altered file is refused.
 *
 *     offset size
 *      0      8   magic "SMS-ENC\n"
 *      8      1   format version (1)
 *      9      1   key derivation (1 = scrypt)
 *     10      1   log2 of scrypt's N
 *     11      1   scrypt's r
 *     12      1   scrypt's p
 *     13      1   log2 of the chunk size (16: 64 KiB of plaintext a chunk)
 *     14     16   salt (random)
 *     30     12   base nonce (random)
 *     42          chunks: AES-256-GCM ciphertext, then its 16-byte tag
 *
 * key      = scrypt(passphrase as UTF-8 in NFC, salt, 32 bytes, N, r, p)
 * nonce(i) = the base nonce with its last 8 bytes XOR i (big-endian)
 * AAD(i)   = the 42 header bytes, i (8 bytes, big-endian), 1 for the last chunk else 0 (1 byte)
 *
 * Every chunk but the last holds exactly the chunk size; the last holds 0 to chunk-size bytes and
 * is flagged final, so a file cut at a chunk boundary fails the last chunk's check.
 */
export const ENCRYPTED_MAGIC = Buffer.from('SMS-ENC\n', 'latin1');
export const ENCRYPTED_HEADER_LENGTH = 42;
const FORMAT_VERSION = 1;
const SCRYPT = 1;
const TAG_LENGTH = 16;
const KEY_LENGTH = 32;

/** The settings new files are written with: scrypt at 2^17 x 8 (128 MB, a fraction of a second), 64 KiB chunks. */
const DEFAULTS = { log2N: 17, r: 8, p: 1, log2Chunk: 16 } as const;

/** A file that cannot be decrypted: the message says why, in words (never "unable to authenticate data"). */
export class DecryptionFailed extends Error {
  override name = 'DecryptionFailed';
}

export const WRONG_PASSPHRASE = 'The passphrase is wrong, or the file is damaged.';
const TRUNCATED = 'The backup file is truncated: it ends before its last part (an interrupted copy?).';

/** A derived key with the header it belongs to (the header is part of every chunk's authenticated data). */
export interface BackupKey {
  header: Buffer;
  key: Buffer;
}

function scryptKey(passphrase: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(Buffer.from(passphrase.normalize('NFC'), 'utf8'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

interface HeaderFields {
  log2N: number;
  r: number;
  p: number;
  log2Chunk: number;
  salt: Buffer;
}

/** The header's fields, checked: settings outside these bounds are a damaged (or hostile) header, not a memory bill. */
function headerFields(header: Buffer): HeaderFields {
  if (header.length < ENCRYPTED_HEADER_LENGTH) throw new DecryptionFailed(TRUNCATED);
  const version = header[8];
  if (version !== FORMAT_VERSION)
    throw new DecryptionFailed(`The backup file is encrypted in a newer format (${version}) than this product reads: upgrade first.`);
  const [kdf, log2N, r, p, log2Chunk] = [...header.subarray(9, 14)] as [number, number, number, number, number];
  if (kdf !== SCRYPT || log2N < 14 || log2N > 22 || r < 1 || r > 32 || p < 1 || p > 16 || log2Chunk < 10 || log2Chunk > 24)
    throw new DecryptionFailed('The backup file is damaged: its encryption header is not one this product writes.');
  return { log2N, r, p, log2Chunk, salt: header.subarray(14, 30) };
}

const scryptOptions = ({ log2N, r, p }: HeaderFields): ScryptOptions => ({ N: 2 ** log2N, r, p, maxmem: 256 * 2 ** log2N * r + 2 ** 20 });

/** A new key for one file: random salt and base nonce, the passphrase stretched by scrypt (run off the main thread). */
export async function newBackupKey(passphrase: string): Promise<BackupKey> {
  const header = Buffer.alloc(ENCRYPTED_HEADER_LENGTH);
  ENCRYPTED_MAGIC.copy(header, 0);
  header.set([FORMAT_VERSION, SCRYPT, DEFAULTS.log2N, DEFAULTS.r, DEFAULTS.p, DEFAULTS.log2Chunk], 8);
  randomBytes(16).copy(header, 14);
  randomBytes(12).copy(header, 30);
  return { header, key: await scryptKey(passphrase, header.subarray(14, 30), scryptOptions(headerFields(header))) };
}

/** The key of an encrypted file, from its header and the passphrase (a wrong passphrase shows at the first chunk). */
export async function backupKeyFor(header: Buffer, passphrase: string): Promise<BackupKey> {
  const fields = headerFields(header);
  return { header, key: await scryptKey(passphrase, fields.salt, scryptOptions(fields)) };
}

/** The first bytes of `file` when it is an encrypted backup, else undefined (a plain backup, or not a backup). */
export async function readEncryptionHeader(file: string): Promise<Buffer | undefined> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(ENCRYPTED_HEADER_LENGTH);
    const { bytesRead } = await handle.read(header, 0, ENCRYPTED_HEADER_LENGTH, 0);
    if (bytesRead < ENCRYPTED_MAGIC.length || !header.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC)) return undefined;
    if (bytesRead < ENCRYPTED_HEADER_LENGTH) throw new DecryptionFailed(TRUNCATED);
    return header;
  } finally {
    await handle.close();
  }
}

/** Whether `file` starts as an encrypted backup does (false when it cannot be read: its reader says why). */
export function isEncryptedFile(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const start = Buffer.alloc(ENCRYPTED_MAGIC.length);
    return readSync(fd, start, 0, start.length, 0) === start.length && start.equals(ENCRYPTED_MAGIC);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function nonceFor(header: Buffer, index: number): Buffer {
  const nonce = Buffer.from(header.subarray(30, 42));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(index));
  for (let at = 0; at < 8; at++) nonce[4 + at]! ^= counter[at]!;
  return nonce;
}

function aadFor(header: Buffer, index: number, final: boolean): Buffer {
  const aad = Buffer.alloc(ENCRYPTED_HEADER_LENGTH + 9);
  header.copy(aad, 0, 0, ENCRYPTED_HEADER_LENGTH);
  aad.writeBigUInt64BE(BigInt(index), ENCRYPTED_HEADER_LENGTH);
  aad[ENCRYPTED_HEADER_LENGTH + 8] = final ? 1 : 0;
  return aad;
}

const chunkSizeOf = (header: Buffer) => 2 ** headerFields(header).log2Chunk;

function seal({ header, key }: BackupKey, plain: Buffer, index: number, final: boolean): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, nonceFor(header, index), { authTagLength: TAG_LENGTH });
  cipher.setAAD(aadFor(header, index, final));
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** The plaintext of one sealed chunk, or undefined when it fails its check. */
function unseal({ header, key }: BackupKey, sealed: Buffer, index: number, final: boolean): Buffer | undefined {
  if (sealed.length < TAG_LENGTH) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', key, nonceFor(header, index), { authTagLength: TAG_LENGTH });
  decipher.setAAD(aadFor(header, index, final));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_LENGTH));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_LENGTH)), decipher.final()]);
  } catch {
    return undefined;
  }
}

/** Encrypts a byte stream: writes the header, then the sealed chunks; the last one is sealed at the end. */
export function encryptingStream(backupKey: BackupKey): Transform {
  const chunkSize = chunkSizeOf(backupKey.header);
  let pending: Buffer = Buffer.alloc(0);
  let index = 0;
  let started = false;
  const start = (stream: Transform) => {
    if (!started) stream.push(backupKey.header);
    started = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      start(this);
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      // A chunk is sealed once more bytes follow it, so the one sealed at the end is the last.
      let at = 0;
      while (pending.length - at > chunkSize) {
        this.push(seal(backupKey, pending.subarray(at, at + chunkSize), index++, false));
        at += chunkSize;
      }
      pending = pending.subarray(at);
      callback();
    },
    flush(callback) {
      start(this);
      this.push(seal(backupKey, pending, index++, true));
      callback();
    },
  });
}

/**
 * Decrypts what follows the header, chunk by chunk; fails with DecryptionFailed naming the cause: a
 * wrong passphrase (the first chunk), a damaged chunk, or a file that ends before its last chunk.
 */
export function decryptingStream(backupKey: BackupKey): Transform {
  const sealedSize = chunkSizeOf(backupKey.header) + TAG_LENGTH;
  let buffered: Buffer = Buffer.alloc(0);
  let index = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      // A whole chunk with more bytes after it is not the last one.
      while (buffered.length > sealedSize) {
        const plain = unseal(backupKey, buffered.subarray(0, sealedSize), index, false);
        if (!plain) {
          callback(
            new DecryptionFailed(index === 0 ? WRONG_PASSPHRASE : `The backup file is damaged: its part ${index + 1} fails its check.`),
          );
          return;
        }
        this.push(plain);
        buffered = buffered.subarray(sealedSize);
        index += 1;
      }
      callback();
    },
    flush(callback) {
      const plain = unseal(backupKey, buffered, index, true);
      if (plain) {
        this.push(plain);
        callback();
        return;
      }
      // A whole chunk that opens as a middle one: the file was cut right after it.
      const cutAtChunk = buffered.length === sealedSize && unseal(backupKey, buffered, index, false) !== undefined;
      if (cutAtChunk || buffered.length < TAG_LENGTH) callback(new DecryptionFailed(TRUNCATED));
      else if (index === 0) callback(new DecryptionFailed(WRONG_PASSPHRASE));
      else callback(new DecryptionFailed('The backup file is truncated or damaged: its last part fails its check.'));
    },
  });
}
