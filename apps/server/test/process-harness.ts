import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './helper.ts';
import { scratchDir } from './scratch-dir.ts';

/**
 * The product's own processes for fault tests: `npm start`'s API process (RUN_WORKER=false) and
 * `npm run worker`, started as operators start them, each with its output kept for the test's
 * messages. What a fault test asserts first: none of them exited.
 */

const SERVER_ENTRY = new URL('../src/main.ts', import.meta.url).pathname;
const WORKER_ENTRY = new URL('../src/worker.ts', import.meta.url).pathname;

export interface ProductProcess {
  name: string;
  child: ChildProcess;
  /** Everything it printed, newest last. */
  readonly log: string;
  /** Null while it runs. */
  readonly exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  /** SIGKILL, as a crash or the OOM killer does. */
  kill9(): Promise<void>;
  /** SIGTERM, and waits for it to end. */
  stop(): Promise<void>;
}

function watch(name: string, child: ChildProcess): ProductProcess {
  let log = '';
  let exit: ProductProcess['exit'] = null;
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', (code, signal) => (exit = { code, signal }));
  const end = async (signal: NodeJS.Signals) => {
    if (exit) return;
    const ended = once(child, 'exit');
    child.kill(signal);
    await ended;
  };
  return {
    name,
    child,
    get log() {
      return log;
    },
    get exit() {
      return exit;
    },
    kill9: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}

/** Each process its own DATA_DIR (owner-only, as the server requires): never the checkout's ./data. */
const baseEnv = (env: Record<string, string>) => ({ ...process.env, LOG_LEVEL: 'warn', DATA_DIR: scratchDir('sms-process-data-'), ...env });

/** The API process alone (`RUN_WORKER=false npm start`); resolves once /api/health answers. */
export async function startApiProcess(env: Record<string, string>): Promise<ProductProcess & { port: number; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: baseEnv({ PORT: String(port), RUN_WORKER: 'false', WEB_DIST: join(tmpdir(), 'sms-no-web-dist'), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const api = watch('api', child);
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (api.exit) throw new Error(`the API process exited before listening:\n${api.log}`);
    const answered = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return Object.assign(api, { port, url });
    if (tries > 600) throw new Error(`the API process did not listen:\n${api.log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One `npm run worker`; resolves once it says it started. */
export async function startWorkerProcess(name: string, env: Record<string, string>): Promise<ProductProcess> {
  const child = spawn(process.execPath, [WORKER_ENTRY], { env: baseEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const worker = watch(name, child);
  for (let tries = 0; !worker.log.includes('Worker started'); tries++) {
    if (worker.exit) throw new Error(`${name} exited before starting:\n${worker.log}`);
    if (tries > 600) throw new Error(`${name} did not start:\n${worker.log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return worker;
}

/** A JSON call to a product process; answers the status, the headers and the parsed body. */
export async function call<T = unknown>(
  url: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; headers: Headers; body: T }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T,
  };
}

/** Registers the first administrator of a fresh installation and signs in; answers the token. */
export async function firstAdminToken(url: string): Promise<string> {
  const credentials = { email: 'operator@example.test', password: 'Correct-Horse-42' };
  const registered = await call(url, 'POST', '/api/users/register', { body: { name: 'Operator', ...credentials } });
  if (registered.status >= 300) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const signedIn = await call<{ token: string }>(url, 'POST', '/api/users/login', { body: credentials });
  if (signedIn.status !== 200) throw new Error(`login: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  return signedIn.body.token;
}
