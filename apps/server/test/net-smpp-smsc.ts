import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** What the Perl SMSC did, as it reports when stopped. */
export interface NetSmppSmscSummary {
  submits: number;
  replies: number;
  receipts: number;
  binds: number;
  /** Distinct numbers submitted to (submits - recipients = duplicates). */
  recipients: number;
  /** Distinct numbers that answered. */
  repliers: number;
  /** deliver_sm sent again (answered with an error, or in flight on a connection that dropped). */
  redelivered: number;
  /** Receipts lost with their connection (--lose-receipts-on-drop). */
  lostReceipts: number;
}

export interface NetSmppSmscOptions {
  /** Every k-th recipient (by the last digits of the number) answers (0: nobody). */
  replyEvery?: number;
  replyText?: string;
  /** Share of the answers sent just before the submit_sm_resp instead of right after it. */
  replyFirst?: number;
  /** Share of the receipts sent before their submit_sm_resp. */
  receiptFirst?: number;
  seed?: number;
  port?: number;
  /** Receipts waiting for a connection that drops are lost (an SMSC tying receipts to the submitting bind); default: delivered elsewhere. */
  loseReceiptsOnDrop?: boolean;
  /** Where to write, on stop, each receipt's id and when its deliver_sm was first sent ("id<TAB>epoch seconds" lines). */
  receiptLog?: string;
}

export interface NetSmppSmsc {
  port: number;
  credentials: { systemId: string; password: string };
  /** Stops it (SIGTERM) and answers its summary. */
  close(): Promise<NetSmppSmscSummary>;
}

const SCRIPT = new URL('./net-smpp-smsc.pl', import.meta.url).pathname;

/** Whether Perl's Net::SMPP is installed (Debian: apt-get install libnet-smpp-perl). */
export function netSmppInstalled(): boolean {
  return spawnSync('perl', ['-MNet::SMPP', '-e', '1'], { stdio: 'ignore' }).status === 0;
}

/**
 * Starts the SMSC of net-smpp-smsc.pl (Perl's Net::SMPP, not our `smpp` package) on loopback;
 * resolves once it listens.
 */
export async function startNetSmppSmsc(options: NetSmppSmscOptions = {}): Promise<NetSmppSmsc> {
  if (!netSmppInstalled()) throw new Error('Perl Net::SMPP is missing: apt-get install -y libnet-smpp-perl (.ci/run installs it)');
  const args = [
    SCRIPT,
    '--port',
    String(options.port ?? 0),
    '--reply-every',
    String(options.replyEvery ?? 10),
    '--reply-text',
    options.replyText ?? 'YES',
    '--reply-first',
    String(options.replyFirst ?? 0.3),
    '--receipt-first',
    String(options.receiptFirst ?? 0.05),
    '--seed',
    String(options.seed ?? 1),
    ...(options.loseReceiptsOnDrop ? ['--lose-receipts-on-drop'] : []),
    ...(options.receiptLog ? ['--receipt-log', options.receiptLog] : []),
  ];
  const child = spawn('perl', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const ready = await Promise.race([
    once(lines, 'line').then(([line]) => JSON.parse(line as string) as { port: number }),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`the Net::SMPP SMSC exited (${String(code)}) before listening`))),
  ]);
  const summary = new Promise<NetSmppSmscSummary>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as NetSmppSmscSummary));
    lines.once('close', () => reject(new Error('the Net::SMPP SMSC stopped without its summary')));
  });
  let closing: Promise<NetSmppSmscSummary> | undefined;
  return {
    port: ready.port,
    credentials: { systemId: 'test', password: 'secret' },
    close() {
      // Once: a second call answers the same summary.
      closing ??= (async () => {
        child.kill('SIGTERM');
        const [result] = await Promise.all([summary, once(child, 'exit')]);
        return result;
      })();
      return closing;
    },
  };
}

/** Adds an SMPP gateway bound to `smsc` through the API (201 expected); answers its id. */
export async function addNetSmppGateway(
  server: {
    post: (path: string, body: unknown, options: { token: string }) => Promise<{ status: number; body: { gateway?: { id: string } } }>;
  },
  token: string,
  smsc: NetSmppSmsc,
): Promise<string> {
  const created = await server.post(
    '/api/gateways',
    {
      name: 'Net::SMPP SMSC',
      kind: 'smpp',
      config: { host: '127.0.0.1', port: smsc.port, systemId: smsc.credentials.systemId },
      secrets: { password: smsc.credentials.password },
    },
    { token },
  );
  if (created.status !== 201) throw new Error(`could not add the SMPP gateway: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.gateway!.id;
}
