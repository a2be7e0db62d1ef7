/**
 * Files and folders this process creates are its owner's alone (umask 077): the embedded database
 * (whose write-ahead log holds password hashes and the token signing secret), uploads, backups and
 * the backup endpoint's token. Imported first by every entry point (main.ts, worker.ts, backup.ts,
 * restore.ts), before anything can create a file; the embedded server's restart in place
 * (platform/embedded-memory.ts) keeps it. An operator's stricter mask is kept.
 * Nothing is exported: importing this module sets the mask.
 */
const previous = process.umask(0o077);
if ((previous | 0o077) !== 0o077) process.umask(previous | 0o077);
