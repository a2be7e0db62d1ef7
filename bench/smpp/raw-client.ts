/**
 * SMPP throughput: the `smpp` package's client alone (no gateway code: a window of submit_sm,
 * deliver_sm_resp for receipts) against the loopback peer in a separate process, then the same
 * traffic through createSmppGateway, for comparison. Not part of `npm test`.
 *
 *   node bench/smpp/raw-client.ts [--messages 100000] [--window 50] [--batch 1000] [--concurrency 2] [--no-receipts] [--warmup 10000]
 *
 * Both run once with --warmup messages first (JIT warm-up of the client and the peer), unreported.
 * Prints msgs/s for each; the numbers go to bench/RESULTS.md by hand.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import smpp from 'smpp';
import { smppConfigSchema } from '@sms/contracts/gateway-smpp';
import type { OutboundSms, SendResult } from '../../apps/server/src/gateways/gateway.ts';
import { createSmppGateway } from '../../apps/server/src/gateways/smpp/smpp-gateway.ts';

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '100000' },
    window: { type: 'string', default: '50' },
    batch: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '2' },
    'no-receipts': { type: 'boolean', default: false },
    warmup: { type: 'string', default: '10000' },
  },
});
let N = Number(args.warmup);
const WINDOW = Number(args.window);
const BATCH = Number(args.batch);
const CONCURRENCY = Number(args.concurrency);
const RECEIPTS = !args['no-receipts'];
const ROOT = new URL('../../', import.meta.url).pathname;

const to = (i: number) => `4477${String(i).padStart(8, '0')}`;
const body = (i: number) => `Hello customer ${i}, your appointment is confirmed for Tuesday at 10:30. Reply STOP to opt out.`;

async function startPeer() {
  const child = spawn(
    process.execPath,
    [`${ROOT}apps/server/test/smpp-peer.ts`, '--port', '0', '--receipt-delay-ms', RECEIPTS ? '0' : 'none'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const [first] = (await once(lines, 'line')) as [string];
  const { smppPort, httpPort } = JSON.parse(first) as { smppPort: number; httpPort: number };
  const control = async (method: string, path: string) =>
    (await fetch(`http://127.0.0.1:${httpPort}${path}`, { method })).json() as Promise<Record<string, number>>;
  return { child, smppPort, control };
}

/** The smpp client alone: keeps WINDOW submit_sm in flight until N are answered, then waits for N receipts. */
async function rawClient(port: number): Promise<{ sendSeconds: number; receiptSeconds: number }> {
  const session = smpp.connect({ host: '127.0.0.1', port });
  await once(session, 'connect');
  await new Promise<void>((resolve, reject) =>
    session.send(new smpp.PDU('bind_transceiver', { system_id: 'test', password: 'secret', interface_version: 0x34 }), (pdu) =>
      pdu.command_status === 0 ? resolve() : reject(new Error(`bind ${pdu.command_status}`)),
    ),
  );
  // Like the gateway: what is written in one turn of the event loop leaves in one write.
  let corked = false;
  const send = (...parameters: Parameters<typeof session.send>) => {
    if (!corked) {
      corked = true;
      session.socket.cork();
      process.nextTick(() => {
        corked = false;
        session.socket.uncork();
      });
    }
    return session.send(...parameters);
  };
  let receipts = 0;
  let allReceipts: () => void = () => {};
  const receiptsDone = new Promise<void>((resolve) => (allReceipts = resolve));
  session.on('deliver_sm', (pdu) => {
    send(pdu.response());
    if (++receipts === N) allReceipts();
  });
  const start = performance.now();
  let sent = 0;
  let answered = 0;
  await new Promise<void>((resolve) => {
    const submit = () => {
      while (sent < N && sent - answered < WINDOW) {
        const i = sent++;
        send(
          new smpp.PDU('submit_sm', {
            source_addr_ton: 5,
            source_addr: 'ACME',
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            destination_addr: to(i),
            registered_delivery: RECEIPTS ? 1 : 0,
            data_coding: 0,
            short_message: Buffer.from(body(i), 'latin1'),
          }),
          () => {
            if (++answered === N) resolve();
            else submit();
          },
        );
      }
    };
    submit();
  });
  const sendSeconds = (performance.now() - start) / 1000;
  if (RECEIPTS) await receiptsDone;
  const receiptSeconds = (performance.now() - start) / 1000;
  session.send(new smpp.PDU('unbind'), () => session.close());
  return { sendSeconds, receiptSeconds };
}

/** The gateway: batches of BATCH, CONCURRENCY of them at a time, receipts through GatewayEvents. */
async function gateway(port: number): Promise<{ sendSeconds: number; receiptSeconds: number; results: Record<string, number> }> {
  let receipts = 0;
  let allReceipts: () => void = () => {};
  const receiptsDone = new Promise<void>((resolve) => (allReceipts = resolve));
  const config = {
    ...smppConfigSchema.parse({ host: '127.0.0.1', port, systemId: 'test', windowSize: WINDOW }),
    registeredDelivery: RECEIPTS,
  };
  const gw = createSmppGateway(
    { config, secrets: { password: 'secret' } },
    { receipts: (batch) => (receipts += batch.length) >= N && allReceipts(), inbound: () => {} },
  );
  await gw.testConnection();
  const results: Record<string, number> = {};
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < N) {
      const from = next;
      next = Math.min(N, next + BATCH);
      const batch: OutboundSms[] = [];
      for (let i = from; i < next; i++)
        batch.push({ messageId: String(i), to: `+${to(i)}`, from: 'ACME', body: body(i), encoding: 'GSM-7', segments: 1 });
      const out: SendResult[] = await gw.sendBatch(batch);
      for (const r of out) results[r.outcome] = (results[r.outcome] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const sendSeconds = (performance.now() - start) / 1000;
  if (RECEIPTS) await receiptsDone;
  const receiptSeconds = (performance.now() - start) / 1000;
  await gw.close();
  return { sendSeconds, receiptSeconds, results };
}

const peer = await startPeer();
const line = (name: string, run: { sendSeconds: number; receiptSeconds: number }) =>
  console.info(
    `${name.padEnd(34)} ${Math.round(N / run.sendSeconds)
      .toLocaleString('en')
      .padStart(8)} msg/s submitted` +
      (RECEIPTS
        ? `, ${Math.round(N / run.receiptSeconds)
            .toLocaleString('en')
            .padStart(8)} msg/s with all receipts in`
        : ''),
  );
console.info(
  `${Number(args.messages).toLocaleString('en')} messages, window ${WINDOW}, receipts ${RECEIPTS ? 'immediate' : 'off'}; ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), Node ${process.version}; peer in its own process`,
);
try {
  await rawClient(peer.smppPort);
  await gateway(peer.smppPort);
  await peer.control('POST', '/reset');
  N = Number(args.messages);
  const raw = await rawClient(peer.smppPort);
  const rawStats = await peer.control('GET', '/stats');
  line('smpp client alone', raw);
  await peer.control('POST', '/reset');
  const gw = await gateway(peer.smppPort);
  const gwStats = await peer.control('GET', '/stats');
  line(`gateway (batches ${BATCH} x ${CONCURRENCY})`, gw);
  console.info(
    `gateway results ${JSON.stringify(gw.results)}; peer accepted raw ${rawStats.accepted}, gateway ${gwStats.accepted} (duplicates ${gwStats.duplicates})`,
  );
} finally {
  peer.child.kill('SIGTERM');
}
