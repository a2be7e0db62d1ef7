import { parentPort, workerData } from 'node:worker_threads';
import { buildBatches } from './batch-builder.ts';
import { openCsv, type ByteSource } from './readers/csv-reader.ts';
import { ImportFileError, type TableReader } from './readers/types.ts';
import { openXlsx } from './readers/xlsx-reader.ts';
import type { FromReader, RowWorkerInit, ToReader } from './row-source.ts';

// The reading half of an import, in its own thread (see row-source.ts): file bytes in, batches out.

const init = workerData as RowWorkerInit;
const port = parentPort!;
const post = (message: FromReader) => port.postMessage(message);

// Messages from the job: file chunks (CSV, sent ahead of need) and credit for more batches.
const chunkQueue: Array<Extract<ToReader, { type: 'chunk' }>> = [];
let chunkWaiter: (() => void) | undefined;
let credit = 0;
let creditWaiter: (() => void) | undefined;
port.on('message', (message: ToReader) => {
  if (message.type === 'chunk') {
    chunkQueue.push(message);
    chunkWaiter?.();
  } else {
    credit++;
    creditWaiter?.();
  }
});

/** The stored file's chunks as the job sends them; each one taken is acknowledged so more come. */
async function* chunks(): ByteSource {
  for (;;) {
    while (chunkQueue.length === 0) await new Promise<void>((resolve) => (chunkWaiter = resolve));
    const next = chunkQueue.shift()!;
    if (!next.bytes) return;
    post({ type: 'taken' });
    yield { bytes: next.bytes, progress: next.progress };
  }
}

async function run(): Promise<void> {
  let reader: TableReader | undefined;
  try {
    reader = init.xlsx
      ? await openXlsx(init.xlsx.path, init.build.fileSize, init.xlsx.sheet)
      : await openCsv(chunks(), init.csv!.encoding, { delimiter: init.csv!.delimiter, maxRowChars: init.csv!.maxRowChars });
    const batches = buildBatches(reader, init.build);
    for (;;) {
      const next = await batches.next();
      if (next.done) {
        post({ type: 'end', end: next.value });
        return;
      }
      // Read ahead of the writer by `init.ahead` batches at most: memory stays bounded.
      while (credit === 0) await new Promise<void>((resolve) => (creditWaiter = resolve));
      credit--;
      post({ type: 'batch', batch: next.value });
    }
  } catch (error) {
    if (error instanceof ImportFileError) post({ type: 'error', fileError: { statusCode: error.statusCode, message: error.message } });
    else post({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  } finally {
    await reader?.close().catch(() => {});
  }
}

await run();
