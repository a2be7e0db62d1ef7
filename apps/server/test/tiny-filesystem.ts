import { execFileSync } from 'node:child_process';
import { closeSync, openSync, statfsSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from './scratch-dir.ts';

/**
 * A real small filesystem for disk-full tests: a tmpfs mounted on a scratch folder, its owner's
 * alone as DATA_DIR and BACKUP_DIR must be (the tests run as root in CI and here). Answers
 * undefined where mounting is refused, so a test can skip itself and say why rather than fake the disk.
 */
export interface TinyFilesystem {
  dir: string;
  /** Fills the filesystem with a file until `bytes` are left free. */
  leaveFree(bytes: number): void;
  unmount(): void;
}

export function mountTinyFilesystem(size: string): TinyFilesystem | undefined {
  const dir = scratchDir('sms-tiny-fs-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch {
    return undefined;
  }
  return {
    dir,
    leaveFree(bytes) {
      const fd = openSync(join(dir, 'filler'), 'a');
      try {
        const block = Buffer.alloc(64 * 1024);
        for (;;) {
          const { bavail, bsize } = statfsSync(dir);
          const spare = bavail * bsize - bytes;
          if (spare <= 0) break;
          writeSync(fd, block, 0, Math.min(block.length, spare));
        }
      } finally {
        closeSync(fd);
      }
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
    },
  };
}
