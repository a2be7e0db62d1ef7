import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repoRoot = new URL('../../../../', import.meta.url).pathname;

export interface RunningServer {
  baseUrl: string;
  /** The server's DATA_DIR (its embedded database under pglite/): a test may open it while the server is halted. */
  dataDir: string;
  /** Everything the server printed, for diagnosing a failed test. */
  output: () => string;
  stop: () => Promise<void>;
  /** Stops the server process (SIGTERM), keeping its data and its port: the browser then reaches nothing. */
  halt: () => Promise<void>;
  /** Starts the server again on the same port and data, after `halt`; resolves once it is ready. */
  resume: () => Promise<void>;
}

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready after 90 s:\n${output()}`);
}

/**
 * Browser tests' servers start from a copy of one migrated embedded database, made by the
 * project's global setup: a fresh cluster's first boot (initdb, every migration, the job queue's
 * schema) costs seconds on every test file otherwise. The copy is what a restarted server finds.
 */
export const E2E_PGLITE_TEMPLATE_ENV = 'SMS_E2E_PGLITE_TEMPLATE';

/**
 * Starts the real server (`node apps/server/src/main.ts`, the same entry as `npm start`) on a
 * fresh embedded database (a copy of the run's migrated template when there is one) and a free
 * port, serving the built web app.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sms-e2e-'));
  copyDatabaseTemplate(dataDir);
  return launch(dataDir, env, true);
}

/**
 * Copies the run's migrated database (when there is one) into `dataDir`/pglite, owner-only as the
 * server requires of it (decision 078): Node's cpSync leaves the copied folder 0755.
 */
export function copyDatabaseTemplate(dataDir: string): void {
  const template = process.env[E2E_PGLITE_TEMPLATE_ENV];
  if (!template || !existsSync(template)) return;
  const database = join(dataDir, 'pglite');
  cpSync(template, database, { recursive: true });
  chmodSync(database, 0o700);
}

/** Boots a server on a fresh folder, stops it cleanly and returns its migrated database's folder (for the global setup). */
export async function buildDatabaseTemplate(): Promise<{ dir: string; remove: () => void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sms-e2e-template-'));
  const server = await launch(dataDir, {}, false);
  await server.stop();
  return { dir: join(dataDir, 'pglite'), remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function launch(dataDir: string, env: Record<string, string>, removeOnStop: boolean): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const output = () => log;
  const spawnServer = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await waitUntilReady(baseUrl, child, output);
    return child;
  };
  const halt = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  let child = await spawnServer();
  return {
    baseUrl,
    dataDir,
    output,
    stop: async () => {
      await halt(child);
      if (removeOnStop) rmSync(dataDir, { recursive: true, force: true });
    },
    halt: () => halt(child),
    resume: async () => {
      child = await spawnServer();
    },
  };
}
