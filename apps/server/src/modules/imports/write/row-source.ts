import { Worker } from 'node:worker_threads';
import type { Batch } from './batch-writer.ts';
import { buildBatches, type BuildEnd, type BuildOptions } from './batch-builder.ts';
import { BatchBufferPool } from './batch-bytes.ts';
import { ImportFileError, type TableReader } from '../read/table-reader.ts';
import type { XlsxSheet } from '../read/xlsx-reader.ts';
import type { Delimiter, TextEncodingName } from '../read/sniff.ts';

/** What the reading thread needs: how to read the file and how to build batches. */
export interface RowWorkerInit {
  build: BuildOptions;
  /** CSV: the stored file, which the thread reads itself. */
  csv?: { path: string; encoding: TextEncodingName; delimiter: Delimiter; maxRowChars: number };
  /** XLSX: the checked local file, which the thread reads itself. */
  xlsx?: { path: string; sheet: XlsxSheet };
  /** Batches the thread may have ready ahead of the writer. */
  ahead: number;
}

/** Job -> reading thread: room for one more batch; the buffer of a written batch, to reuse; stop. */
export type ToReader = { type: 'credit' } | { type: 'buffer'; buffer: ArrayBuffer } | { type: 'stop' };
/** Reading thread -> job. */
export type FromReader =
  | { type: 'batch'; batch: Batch }
  | { type: 'end'; end: BuildEnd }
  | { type: 'error'; fileError?: { statusCode: number; message: string }; message?: string };

/** Batches of an import, read, normalised and encoded in another thread. */
export interface RowSource {
  /** The next batch, or how reading ended. Throws what the reading thread threw. */
  next(): Promise<IteratorResult<Batch, BuildEnd>>;
  /** Hands back a written batch: its buffer serves a later one. */
  release(batch: Batch): void;
  /** Stops the reading thread (cancel, failure); safe to call more than once. */
  close(): Promise<void>;
}

const WORKER_URL = new URL('./row-worker.ts', import.meta.url);
/** How long a reading thread may take to close its file after being asked to stop. */
const STOP_GRACE_MS = 5000;

/** Reads batches on this thread (PostgreSQL: the database works in its own process anyway). */
export function readRowsHere(reader: TableReader, build: BuildOptions): RowSource {
  const buffers = new BatchBufferPool();
  const batches = buildBatches(reader, build, buffers);
  return {
    next: () => batches.next(),
    release: (batch) => buffers.give(batch.staged.bytes.buffer),
    close: async () => {
      await batches.return?.({ rowsSeen: 0, failure: null }).catch(() => {});
      await reader.close();
    },
  };
}

/**
 * Starts the reading half of an import in a worker thread: reading the file, decoding, parsing,
 * normalising, deduping and COPY encoding run beside this thread, which only writes batches.
 * For PGlite, whose database work runs on this thread: otherwise both halves take turns on one
 * CPU. On PostgreSQL it only cost memory (a second V8 heap) and messaging CPU, so there the rows
 * are read here (readRowsHere). The worker's young generation is kept small: its garbage is
 * short-lived rows.
 */
export function readRowsInWorker(init: Omit<RowWorkerInit, 'ahead'>, ahead = 1): RowSource {
  const worker = new Worker(WORKER_URL, { workerData: { ...init, ahead }, resourceLimits: { maxYoungGenerationSizeMb: 16 } });
  const queue: Array<FromReader> = [];
  let waiter: (() => void) | undefined;
  let failure: Error | undefined;
  let closed = false;
  const send = (message: ToReader) => {
    if (!closed) worker.postMessage(message);
  };
  for (let index = 0; index < ahead; index++) send({ type: 'credit' });

  worker.on('message', (message: FromReader) => {
    queue.push(message);
    waiter?.();
  });
  worker.on('error', (error) => {
    failure ??= error;
    waiter?.();
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      if (!closed) failure ??= new Error(`the import reading thread stopped (exit code ${code})`);
      waiter?.();
      resolve();
    }),
  );

  return {
    next: async () => {
      for (;;) {
        const message = queue.shift();
        if (message?.type === 'batch') {
          send({ type: 'credit' });
          return { done: false, value: message.batch };
        }
        if (message?.type === 'end') return { done: true, value: message.end };
        if (message?.type === 'error') {
          if (message.fileError) throw new ImportFileError(message.fileError.statusCode, message.fileError.message);
          throw new Error(`import reading thread: ${message.message}`);
        }
        if (failure) throw failure;
        await new Promise<void>((resolve) => (waiter = resolve));
      }
    },
    release: (batch) => {
      const { buffer } = batch.staged.bytes;
      if (!closed && buffer.resizable && !buffer.detached) worker.postMessage({ type: 'buffer', buffer } satisfies ToReader, [buffer]);
    },
    // Asks the thread to stop so its reader closes (removing its temporary files), then ends it
    // if it has not stopped within the grace period (e.g. busy in a long chunk).
    close: async () => {
      if (closed) return;
      worker.postMessage({ type: 'stop' } satisfies ToReader);
      closed = true;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STOP_GRACE_MS)));
      if ((await Promise.race([exited, late])) === 'late') await worker.terminate();
      clearTimeout(timer);
    },
  };
}
