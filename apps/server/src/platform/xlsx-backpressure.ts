import { once } from 'node:events';
import type { PassThrough } from 'node:stream';

/** Sheet XML exceljs may hold for the zip before an export waits (it writes without backpressure). */
const ZIP_BACKLOG_MAX = 4 * 1024 * 1024;

/** Resolves on `event` from `emitter` or when `out` closes (client gone), leaving no listener behind. */
async function eventOrClose(emitter: NodeJS.EventEmitter, event: string, out: PassThrough): Promise<void> {
  const controller = new AbortController();
  const waits = [once(emitter, event, { signal: controller.signal }), once(out, 'close', { signal: controller.signal })].map((wait) =>
    wait.catch(() => undefined),
  );
  try {
    await Promise.race(waits);
  } finally {
    controller.abort();
  }
}

type Backlogged = NodeJS.EventEmitter & { _writableState?: { length: number } };

/**
 * exceljs's sheet stream hands its XML to the zip without looking at backpressure, so on a fast
 * database the zip's input buffer grows with the whole sheet (the memory of a large export grows
 * with it). Waiting for that buffer to drain between batches keeps memory flat. Reads exceljs
 * internals defensively: if they change, the export still works, only without the throttle.
 */
async function zipCaughtUp(sheet: unknown, out: PassThrough): Promise<void> {
  const pipe = (sheet as { _stream?: { pipes?: Backlogged[] } })._stream?.pipes?.[0];
  if ((pipe?._writableState?.length ?? 0) > ZIP_BACKLOG_MAX && pipe) await eventOrClose(pipe, 'drain', out);
}

/** Between batches of rows: lets the zip and then a slow client catch up before more rows are fetched. */
export async function xlsxCaughtUp(sheet: unknown, out: PassThrough): Promise<void> {
  await zipCaughtUp(sheet, out);
  if (out.writableNeedDrain) await eventOrClose(out, 'drain', out);
}
