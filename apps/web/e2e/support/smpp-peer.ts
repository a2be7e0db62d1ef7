import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

const repoRoot = new URL('../../../../', import.meta.url).pathname;

export interface SmppPeerProcess {
  /** Its SMPP port on loopback. */
  port: number;
  credentials: { systemId: string; password: string };
  /** Stops it: its port refuses connections until a peer listens there again. */
  stop: () => Promise<void>;
}

/**
 * The test SMSC (apps/server/test/smpp-peer.ts) as a process of its own, as the benchmarks run it:
 * it answers every submit and sends a delivery receipt for each. `port` 0 takes a free one;
 * `args` are more of its options (apps/server/test/smpp-peer-cli.ts), such as `--receipt-delay-ms none`.
 */
export async function startSmppPeerProcess(port = 0, args: string[] = []): Promise<SmppPeerProcess> {
  const child = spawn(process.execPath, ['apps/server/test/smpp-peer.ts', '--port', String(port), ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const ready = JSON.parse(line) as { smppPort: number };
  return {
    port: ready.smppPort,
    credentials: { systemId: 'test', password: 'secret' },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
