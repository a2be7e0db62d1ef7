/**
 * What recording the metrics costs the sending path (decision 091): recording is always on, so
 * this times exactly what the engine adds per batch of 500 (its outcomes counted, the submit timed,
 * the batch in flight) and per receipt (a counter and a lag observation), and one scrape of the
 * registry with those series, against the time the batch itself takes at the measured dispatch rate.
 *
 *   node_modules/.bin/node bench/metrics/recording.ts [--rate 14000]
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  batchesInFlight,
  gatewayEventMetrics,
  metricsRegistry,
  recordOutcomes,
  submitSeconds,
} from '../../apps/server/src/platform/metrics.ts';
import { writeResultsSection } from '../lib/bench-server.ts';

const { values: args } = parseArgs({ options: { rate: { type: 'string', default: '14000' } } });
const BATCH = 500;
const gateway = '0190b000-0000-7000-8000-00000000abcd';
const outcomes = Array.from({ length: BATCH }, (_, i) => ({
  status: i % 50 === 0 ? 'failed' : i % 97 === 0 ? 'queued' : 'sent',
  errorCode: i % 50 === 0 ? 'SMPP_ESME_RSUBMITFAIL' : i % 97 === 0 ? 'SMPP_ESME_RTHROTTLED' : null,
}));

/** Median microseconds per call of `work` over `rounds` rounds of `calls` calls. */
function time(work: () => void, calls: number, rounds = 15): number {
  const perCall: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) work();
    perCall.push(Number(process.hrtime.bigint() - started) / 1000 / calls);
  }
  return perCall.sort((a, b) => a - b)[Math.floor(perCall.length / 2)]!;
}

const perBatch = time(() => {
  batchesInFlight.inc();
  const end = submitSeconds.startTimer({ gateway });
  end();
  recordOutcomes(gateway, outcomes);
  batchesInFlight.dec();
}, 2_000);
// As the engine does: each push (one receipt) looks its series up and observes its lag; each
// stored batch (here of 1, the worst case) counts its statuses.
const oneReceipt = [{ status: 'delivered' }];
const perReceipt = time(() => {
  const series = gatewayEventMetrics(gateway);
  series.receiptLag.observe(0.05);
  series.receiptsStored(oneReceipt);
}, 200_000);
const scrapeStarted = process.hrtime.bigint();
for (let i = 0; i < 20; i++) await metricsRegistry.metrics();
const perScrapeMs = Number(process.hrtime.bigint() - scrapeStarted) / 1e6 / 20;

const rate = Number(args.rate);
// Per message: its share of the batch's recording plus its receipt's.
const perMessageUs = perBatch / BATCH + perReceipt;
const budgetUs = 1e6 / rate;
const section = `
## Metrics: what recording costs the sending path (bench/metrics/recording.ts)

${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), Node ${process.version}; load ${loadavg()
  .map((n) => n.toFixed(1))
  .join(', ')}. Medians of 15 rounds.

| Measure | Time |
|---|---:|
| Per batch of ${BATCH} (outcomes counted, submit timed, in flight) | ${perBatch.toFixed(1)} µs |
| Per receipt (counter and lag histogram) | ${perReceipt.toFixed(3)} µs |
| Per message, both | ${perMessageUs.toFixed(3)} µs |
| One message's time at ${rate.toLocaleString('en-US')} msg/s | ${budgetUs.toFixed(1)} µs |
| Share of the sending time | ${((perMessageUs / budgetUs) * 100).toFixed(2)} % |
| One scrape of the registry (process metrics, these series; no database gauges) | ${perScrapeMs.toFixed(2)} ms |
`;
await writeResultsSection('metrics-recording-bench', section);
console.info(section);
