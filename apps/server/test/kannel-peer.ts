import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './helper.ts';
import { scratchDir } from './scratch-dir.ts';

/** Debian's Kannel (apt-get install kannel): the two boxes the kannel gateway talks to. */
export const KANNEL_BINARIES = { bearerbox: '/usr/sbin/bearerbox', smsbox: '/usr/sbin/smsbox' } as const;

/** Whether Debian's Kannel is installed. */
export function kannelInstalled(): boolean {
  return existsSync(KANNEL_BINARIES.bearerbox) && existsSync(KANNEL_BINARIES.smsbox);
}

export interface KannelOptions {
  /** The SMSC bearerbox binds to as an SMPP transceiver. */
  smsc: { port: number; systemId: string; password: string };
  /** The sms-service get-url (the gateway's callbacks.inbound). */
  getUrl: string;
  /** The sendsms-user; smsbox's sendsms port (chosen beforehand: the gateway's address names it). */
  username: string;
  password: string;
  sendsmsPort: number;
}

export interface Kannel {
  sendsmsUrl: string;
  /** bearerbox's status page (status.txt), to see the SMSC link. */
  status(): Promise<string>;
  /** The last lines of both boxes' logs (for failure messages). */
  logs(): string;
  /** Stops smsbox, then bearerbox (SIGTERM, SIGKILL after 5 s). */
  close(): Promise<void>;
}

/** The kannel.conf of a test: one SMPP link, smsbox with sendsms, and the sms-service the gateway screen shows. */
export function kannelConf(options: KannelOptions & { dir: string; adminPort: number; smsboxPort: number; adminPassword: string }): string {
  return `group = core
admin-port = ${options.adminPort}
admin-password = ${options.adminPassword}
status-password = ${options.adminPassword}
admin-allow-ip = "127.0.0.1"
smsbox-port = ${options.smsboxPort}
box-allow-ip = "127.0.0.1"
log-file = "${join(options.dir, 'bearerbox.log')}"
log-level = 2
dlr-storage = internal

group = smsc
smsc = smpp
smsc-id = netsmpp
host = 127.0.0.1
port = ${options.smsc.port}
transceiver-mode = true
smsc-username = ${options.smsc.systemId}
smsc-password = ${options.smsc.password}
system-type = VMA
max-pending-submits = 50
enquire-link-interval = 30
reconnect-delay = 1

group = smsbox
bearerbox-host = 127.0.0.1
bearerbox-port = ${options.smsboxPort}
sendsms-port = ${options.sendsmsPort}
sendsms-interface = 127.0.0.1
log-file = "${join(options.dir, 'smsbox.log')}"
log-level = 2
http-request-retry = 3
http-queue-delay = 1

group = sendsms-user
username = ${options.username}
password = ${options.password}
max-messages = 10
concatenation = true

group = sms-service
keyword = default
catch-all = yes
max-messages = 0
omit-empty = true
get-url = "${options.getUrl}"
`;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Starts bearerbox and smsbox on free loopback ports with a kannel.conf written to a scratch folder. */
export async function startKannel(options: KannelOptions): Promise<Kannel> {
  if (!kannelInstalled()) {
    throw new Error(
      'Kannel is not installed: apt-get install -y kannel (.ci/run installs it; the test needs /usr/sbin/bearerbox and smsbox)',
    );
  }
  const dir = scratchDir('sms-kannel-');
  const [adminPort, smsboxPort] = [await freePort(), await freePort()];
  const adminPassword = 'status-secret';
  const conf = join(dir, 'kannel.conf');
  writeFileSync(conf, kannelConf({ ...options, dir, adminPort, smsboxPort, adminPassword }));
  const output = openSync(join(dir, 'boxes.out'), 'a');
  const bearerbox = spawn(KANNEL_BINARIES.bearerbox, ['-v', '2', conf], { stdio: ['ignore', output, output] });
  const children: ChildProcess[] = [bearerbox];
  const logs = () =>
    ['bearerbox.log', 'smsbox.log', 'boxes.out']
      .map((name) => {
        const path = join(dir, name);
        return existsSync(path) ? `--- ${name}\n${readFileSync(path, 'utf8').split('\n').slice(-15).join('\n')}` : '';
      })
      .join('\n');
  const close = async () => {
    for (const child of children.reverse()) await stop(child);
  };
  const status = async () => {
    const response = await fetch(`http://127.0.0.1:${adminPort}/status.txt?password=${adminPassword}`);
    return response.text();
  };
  try {
    // bearerbox first: smsbox connects to it.
    await waitUntil(async () => (await status().catch(() => '')).includes('Kannel bearerbox'), bearerbox, 'bearerbox to answer', logs);
    const smsbox = spawn(KANNEL_BINARIES.smsbox, ['-v', '2', conf], { stdio: ['ignore', output, output] });
    children.push(smsbox);
    const sendsmsUrl = `http://127.0.0.1:${options.sendsmsPort}/cgi-bin/sendsms`;
    await waitUntil(async () => (await fetch(sendsmsUrl).catch(() => undefined)) !== undefined, smsbox, 'smsbox to answer', logs);
    await waitUntil(async () => /online/.test(await status()), bearerbox, 'the SMPP link to come online', logs);
    return { sendsmsUrl, status, logs, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function waitUntil(check: () => Promise<boolean>, child: ChildProcess, what: string, logs: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Kannel exited (${child.exitCode}) before ${what}\n${logs()}`);
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${logs()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
