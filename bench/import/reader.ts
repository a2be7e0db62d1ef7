/**
 * The reading half of an import alone: decodes, parses, normalises, dedupes and encodes a CSV into
 * batches with the code the import's reading thread runs (openCsv + buildBatches), no database.
 * Prints the CPU seconds (user + system, from the first read; modules loaded) they took, which depend on the
 * host's load far less than times do; run two checkouts alternately for a before/after (see
 * decision 116). Profile with `node --cpu-prof bench/import/reader.ts <file>`.
 *
 *   node bench/import/reader.ts <csv> [--batch-rows 5000] [--rows-file-of 200000]
 *
 * --rows-file-of N writes the benchmark's generated CSV of N rows to <csv> first.
 */
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ImportMapping } from '@sms/contracts/imports';
import { openCsv } from '../../apps/server/src/modules/imports/read/csv-reader.ts';
import { fileBytes } from '../../apps/server/src/modules/imports/read/file-bytes.ts';
import { buildBatches } from '../../apps/server/src/modules/imports/write/batch-builder.ts';
import { BatchBufferPool } from '../../apps/server/src/modules/imports/write/batch-bytes.ts';
import { writeCsv } from './generate.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'batch-rows': { type: 'string', default: '5000' }, 'rows-file-of': { type: 'string' } },
});
const path = positionals[0];
if (!path) throw new Error('usage: node bench/import/reader.ts <csv> [--batch-rows 5000] [--rows-file-of 200000]');
if (args['rows-file-of']) await writeCsv(path, Number(args['rows-file-of']));

const size = statSync(path).size;
const started = performance.now();
const cpuBefore = process.cpuUsage();
const reader = await openCsv(fileBytes(path, size, { oneBuffer: true }), 'utf-8', { delimiter: ',', maxRowChars: 1_000_000 });
const pool = new BatchBufferPool();
// The benchmark file's columns, mapped as the upload suggests them.
const mapping = { 0: 'phone', 1: 'firstName', 2: 'lastName', 3: 'email', 4: 'tag1', 5: 'custom:City' } as unknown as ImportMapping;
const batches = buildBatches(
  reader,
  {
    origin: { importId: '0190a0a0-0000-7000-8000-000000000000', createdBy: null },
    fileSize: size,
    delimiter: ',',
    mapping,
    defaultCountry: 'GB',
    maxRows: 10_000_000,
    maxColumns: 100,
    maxCellLength: 10_000,
    batchRows: Number(args['batch-rows']),
  },
  pool,
);
let rows = 0;
let staged = 0;
let bytes = 0;
for await (const batch of batches) {
  rows += batch.rowsRead;
  staged += batch.staged.count;
  bytes += batch.staged.bytes.byteLength;
  pool.give(batch.staged.bytes.buffer);
}
const cpu = process.cpuUsage(cpuBefore);
console.info(
  `${rows} rows, ${staged} staged, ${(bytes / 1024 / 1024).toFixed(1)} MB of COPY text: ${((performance.now() - started) / 1000).toFixed(2)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s`,
);
