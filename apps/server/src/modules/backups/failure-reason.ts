/**
 * Why a backup or a restore failed, in words an operator can act on: the disk, the permissions,
 * the database connection or the file, never a library's "unexpected end of file" or "cannot drop
 * active portal".
 */

/** A backup that could not be written: the message names the cause; `cause` keeps the original error. */
export class BackupFailed extends Error {
  override name = 'BackupFailed';
}

interface ErrorLike {
  code?: unknown;
  errno?: unknown;
  path?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

// File system errors (Node's codes; PostgreSQL's disk_full and out_of_memory on a disk).
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG', '53100']);
const NO_PERMISSION = new Set(['EACCES', 'EPERM', 'EROFS', '42501']);
// A connection that went away: the socket's errors, and PostgreSQL's class 08 (connection
// exception) and 57P01-03 (the server shutting down or restarting).
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03']);
const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const CONNECTION_LOST_TEXT = /Connection terminated|connection (?:is )?(?:closed|ended|lost)|Client has encountered a connection error/i;
// zlib: a stream that ends before its trailer, or bytes that are not gzip at all.
const TRUNCATED = new Set(['Z_BUF_ERROR']);
const NOT_GZIP = new Set(['Z_DATA_ERROR']);

/** The error and the errors it wraps (pipelines, drizzle's "Failed query" with the driver's error as cause). */
function* chain(error: unknown): Generator<ErrorLike> {
  const seen = new Set<unknown>();
  const queue = [error];
  while (queue.length) {
    const next = queue.shift();
    if (!next || typeof next !== 'object' || seen.has(next)) continue;
    seen.add(next);
    const item = next as ErrorLike;
    yield item;
    queue.push(item.cause);
    if (Array.isArray(item.errors)) queue.push(...(item.errors as unknown[]));
  }
}

// PGlite's file system is Emscripten's: its ErrnoError carries Emscripten's numbers, no code.
const EMSCRIPTEN_ERRNO: Record<number, string> = { 51: 'ENOSPC', 19: 'EDQUOT', 2: 'EACCES', 63: 'EPERM', 69: 'EROFS' };

const codeOf = (item: ErrorLike) => {
  if (typeof item.code === 'string') return item.code;
  if ((item as { name?: unknown }).name === 'ErrnoError' && typeof item.errno === 'number') return EMSCRIPTEN_ERRNO[item.errno];
  return undefined;
};

/**
 * The cause of a failed backup or restore, as one sentence starting with it ("The disk is full",
 * "No permission to write ...", "The database connection was lost", "The backup file is
 * truncated"), or the error's own message when it is none of these.
 */
export function failureReason(error: unknown): string {
  for (const item of chain(error)) {
    const code = codeOf(item);
    const message = typeof item.message === 'string' ? item.message : '';
    if ((code && DISK_FULL.has(code)) || /No space left on device/i.test(message))
      return `The disk is full${typeof item.path === 'string' ? ` (writing ${item.path})` : ''}: free some space and try again.`;
    if (code && NO_PERMISSION.has(code))
      return typeof item.path === 'string'
        ? `No permission to write ${item.path}: give this user the right to write there, or choose another place.`
        : `No permission: ${message}`;
    if ((code && CONNECTION_LOST.has(code)) || (!code && CONNECTION_LOST_TEXT.test(message)) || code?.startsWith('08'))
      return `The database connection was lost (${code ?? message}): try again once the database answers.`;
    if (code && UNREACHABLE.has(code)) return `The database cannot be reached (${code}): try again once it answers.`;
    if (code && TRUNCATED.has(code)) return 'The backup file is truncated: it ends before its last part (an interrupted copy?).';
    if (code && NOT_GZIP.has(code)) return 'Not a backup file of this product (it is not a gzip file, or it is damaged).';
  }
  return error instanceof Error ? error.message : String(error);
}
