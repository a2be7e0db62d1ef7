import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import { RECEIPT_STATS, type ReceiptFormat, type ReceiptStat } from './smpp-peer-receipts.ts';
import type { PeerBehaviour, SmppPeer, SmppPeerOptions } from './smpp-peer.ts';

const USAGE = `node apps/server/test/smpp-peer.ts [options]
  --host 127.0.0.1          --port 2775 (0 = any free port)
  --system-id test          --password secret
  --receipt-delay-ms 0      (or "none": no receipts)
  --stat-mix DELIVRD=0.9,UNDELIV=0.1   --receipt-format text+tlv|text|tlv
  --throttle-per-second N   --record (keep every submit in memory; off by default)
  --http-port 0             control endpoint (0 = any free port)
  --watch-prefix +4479      note when the first submit to each destination starting so arrives (GET /arrivals)
Prints one JSON line {"host","smppPort","httpPort"} when ready. HTTP: GET /stats, GET /counts, GET /arrivals,
POST /behaviour (JSON, e.g. {"swallow":true} or {"throttle":{"fraction":0.2}}), POST /unbind,
POST /drop, POST /reset. On SIGTERM/SIGINT prints {"summary":...} and exits.`;

/** "DELIVRD=0.9,UNDELIV=0.1" -> a stat chosen at random with those weights. */
function statMix(spec: string): () => ReceiptStat {
  const entries = spec.split(',').map((pair) => {
    const [stat, weight] = pair.split('=');
    if (!RECEIPT_STATS.includes(stat as ReceiptStat) || !(Number(weight) >= 0)) throw new Error(`Bad --stat-mix entry "${pair}"`);
    return [stat as ReceiptStat, Number(weight)] as const;
  });
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  return () => {
    let pick = Math.random() * total;
    for (const [stat, weight] of entries) if ((pick -= weight) < 0) return stat;
    return entries[entries.length - 1]?.[0] ?? 'DELIVRD';
  };
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

async function readJson(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text ? JSON.parse(text) : {};
}

/** Runs the peer as a process with a small HTTP control endpoint. */
export async function runPeerCli(start: (options: SmppPeerOptions) => Promise<SmppPeer>): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '2775' },
      'system-id': { type: 'string', default: 'test' },
      password: { type: 'string', default: 'secret' },
      'receipt-delay-ms': { type: 'string', default: '0' },
      'stat-mix': { type: 'string' },
      'receipt-format': { type: 'string', default: 'text+tlv' },
      'throttle-per-second': { type: 'string' },
      record: { type: 'boolean', default: false },
      'http-port': { type: 'string', default: '0' },
      'watch-prefix': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.info(USAGE);
    return;
  }
  const delay = values['receipt-delay-ms'];
  // Destination -> epoch ms of its first accepted submit (same host clock as the benchmark client).
  const arrivals = new Map<string, number>();
  const watchPrefix = values['watch-prefix'];
  const peer = await start({
    ...(watchPrefix
      ? {
          onAccepted: (destination: string) =>
            destination.startsWith(watchPrefix) && !arrivals.has(destination) && arrivals.set(destination, Date.now()),
        }
      : {}),
    host: values.host,
    port: Number(values.port),
    systemId: values['system-id'],
    password: values.password,
    record: values.record,
    receiptDelayMs: delay === 'none' ? null : Number(delay),
    receiptFormat: values['receipt-format'] as ReceiptFormat,
    ...(values['stat-mix'] ? { receiptStat: statMix(values['stat-mix']) } : {}),
    ...(values['throttle-per-second'] ? { throttle: { perSecond: Number(values['throttle-per-second']) } } : {}),
  });

  const http = createServer((request, response) => {
    const route = `${request.method} ${request.url}`;
    if (route === 'GET /stats') return json(response, 200, peer.summary());
    if (route === 'GET /counts') return json(response, 200, Object.fromEntries(peer.counts));
    if (route === 'GET /arrivals') return json(response, 200, Object.fromEntries(arrivals));
    if (route === 'POST /unbind') return json(response, 200, (peer.unbindAll(), { ok: true }));
    if (route === 'POST /drop') return json(response, 200, (peer.dropAll(), { ok: true }));
    if (route === 'POST /reset') return json(response, 200, (peer.reset(), { ok: true }));
    if (route === 'POST /behaviour') {
      readJson(request).then(
        (body) => {
          peer.update(body as Partial<PeerBehaviour>);
          json(response, 200, peer.behaviour);
        },
        () => json(response, 400, { message: 'The body must be JSON' }),
      );
      return;
    }
    json(response, 404, { message: `No route ${route}` });
  });
  await new Promise<void>((resolve) => http.listen(Number(values['http-port']), values.host, resolve));
  const address = http.address();
  console.info(
    JSON.stringify({ host: peer.host, smppPort: peer.port, httpPort: typeof address === 'object' && address ? address.port : null }),
  );

  const stop = async () => {
    console.info(JSON.stringify({ summary: peer.summary() }));
    http.close();
    // Connections a client keeps open must not hold the exit up.
    await Promise.race([peer.close(), new Promise((resolve) => setTimeout(resolve, 1000))]);
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
