import { parentPort, workerData } from 'node:worker_threads';
import { buildBatches } from './batch-builder.ts';
import { BatchBufferPool } from './batch-bytes.ts';
import { openCsv } from '../read/csv-reader.ts';
import { ImportFileError, type TableReader } from '../read/table-reader.ts';
import { openXlsx } from '../read/xlsx-reader.ts';
import type { FromReader, RowWorkerInit, ToReader } from './row-source.ts';
import { fileBytes } from '../read/file-bytes.ts';

// The reading half of an import, in its own thread (see row-source.ts): file bytes in, batches out.

const init = workerData as RowWorkerInit;
const port = parentPort!;
const post = (message: FromReader) => port.postMessage(message);

// From the job: credit (room for one more batch each), the buffers of written batches, stop.
let credit = 0;
let stopping = false;
let creditWaiter: (() => void) | undefined;
const buffers = new BatchBufferPool();
port.on('message', (message: ToReader) => {
  if (message.type === 'buffer') buffers.give(message.buffer);
  else {
    if (message.type === 'stop') stopping = true;
    else credit++;
    creditWaiter?.();
  }
});

async function run(): Promise<void> {
  let reader: TableReader | undefined;
  try {
    reader = init.xlsx
      ? await openXlsx(init.xlsx.path, init.xlsx.sheet)
      : await openCsv(fileBytes(init.csv!.path, init.build.fileSize, { oneBuffer: true }), init.csv!.encoding, {
          delimiter: init.csv!.delimiter,
          maxRowChars: init.csv!.maxRowChars,
        });
    const batches = buildBatches(reader, init.build, buffers);
    while (!stopping) {
      const next = await batches.next();
      if (next.done) {
        // Closed first: the job stops this thread once it has the end.
        await reader.close();
        reader = undefined;
        post({ type: 'end', end: next.value });
        return;
      }
      // Read ahead of the writer by `init.ahead` batches at most: memory stays bounded.
      while (credit === 0 && !stopping) await new Promise<void>((resolve) => (creditWaiter = resolve));
      if (stopping) return;
      credit--;
      // The batch's bytes move to the job's thread instead of being copied.
      port.postMessage({ type: 'batch', batch: next.value } satisfies FromReader, [next.value.staged.bytes.buffer]);
    }
  } catch (error) {
    if (error instanceof ImportFileError) post({ type: 'error', fileError: { statusCode: error.statusCode, message: error.message } });
    else post({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  } finally {
    // Closing removes the reader's temporary files (parked XLSX sheets).
    await reader?.close().catch(() => {});
  }
}

await run();
// Nothing more to send: the thread ends once the job asks it to stop (or on its own, here).
port.close();
