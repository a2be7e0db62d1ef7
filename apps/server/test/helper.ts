import { randomBytes } from 'node:crypto';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TWILIO_DEFAULT_API_BASE_URL } from '@sms/contracts/gateway-twilio';
import type { Role } from '@sms/contracts/roles';
import type { User } from '@sms/contracts/users';
import pg from 'pg';
import { buildApp, type AppDeps } from '../src/app.ts';
import { silentLogger, type Clock, type GatewayLogger } from '../src/gateways/gateway.ts';
import { closeHttp } from '../src/platform/close-http.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { openDatabase } from '../src/db/open.ts';
import type { DispatcherOptions, MessagingEngine } from '../src/modules/messaging/index.ts';
import { createSending } from '../src/sending.ts';
import { presentUser } from '../src/modules/users/index.ts';
import { insertUser } from '../src/modules/users/users.queries.ts';
import { createJobs, type Jobs } from '../src/platform/jobs.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { getSetting, SETTING_KEYS } from '../src/platform/settings.ts';
import { loadPgliteTemplate } from './pglite-template.ts';
import { scratchDir } from './scratch-dir.ts';
import { createTokenService, type TokenService } from '../src/platform/tokens.ts';

/**
 * Test harness: a real server on a fresh database, reached over real HTTP.
 * Database: PGlite in memory, or a new PostgreSQL database (created and dropped per server) when
 * TEST_DATABASE_URL is set.
 */

export const TEST_PASSWORD = 'Correct-Horse-42';
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
export const onPostgres = TEST_DATABASE_URL !== undefined;

/** Config for tests: random port, quiet logs, proxy headers trusted so tests can vary the IP. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    metricsPort: undefined,
    dataDir: scratchDir('sms-test-data-'),
    databaseUrl: undefined,
    jwtSecret: undefined,
    tokenTtlSeconds: 3600,
    logLevel: 'silent',
    publicUrl: undefined,
    webDist: join(tmpdir(), 'sms-test-no-web-dist'),
    runWorker: false,
    trustProxy: true,
    dispatch: { batchSize: 500, lanes: 4, leaseSeconds: 120 },
    smtpUrl: undefined,
    mailFrom: 'no-reply@localhost',
    twilioApiBaseUrl: TWILIO_DEFAULT_API_BASE_URL,
    allowLinkLocalOutbound: false,
    allowPrivateWebhookUrls: false,
    rateLimits: { perUserPerMinute: 1200, perAddressPerMinute: 600 },
    ...overrides,
  };
}

// Every PGlite server starts from a copy of the run's migrated template (pglite-template.ts).
let pgliteTemplate: Promise<Blob> | undefined;

/** A fresh, migrated in-memory PGlite database, whatever TEST_DATABASE_URL says. */
export async function freshPglite(onQuery?: (query: string) => void): Promise<Database> {
  pgliteTemplate ??= loadPgliteTemplate();
  return openDatabase({ pgliteSnapshot: await pgliteTemplate, onQuery });
}

/** A fresh, migrated database plus a function that disposes of it completely. */
export async function freshDatabase(
  onQuery?: (query: string) => void,
): Promise<{ database: Database; url: string | undefined; dispose: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    const database = await freshPglite(onQuery);
    return { database, url: undefined, dispose: () => database.close() };
  }
  const name = `sms_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), onQuery });
  await database.migrate();
  const dispose = async () => {
    await database.close().catch(() => {});
    const cleaner = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await cleaner.connect();
    await cleaner.query(`drop database if exists ${name} with (force)`);
    await cleaner.end();
  };
  return { database, url: url.toString(), dispose };
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestAccount {
  user: User;
  token: string;
  password: string;
}

export interface TestServer {
  baseUrl: string;
  config: Config;
  database: Database;
  jobs: Jobs;
  /** The in-process sending engine, when started with `engine`. */
  engine: MessagingEngine | undefined;
  /** The token service the server uses (same secret): for crafting tokens in tests. */
  tokens: TokenService;
  jwtSecret: string;
  /* eslint-disable @typescript-eslint/no-explicit-any -- tests read answers loosely; their assertions check the shape */
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  get<T = any>(path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  post<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<TestResponse<T>>;
  put<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<TestResponse<T>>;
  delete<T = any>(path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /* eslint-enable @typescript-eslint/no-explicit-any */
  /** Inserts an active account straight into the database and signs a token for it. */
  createUser(
    role: Role,
    overrides?: { name?: string; email?: string; password?: string; status?: 'active' | 'disabled' },
  ): Promise<TestAccount>;
  createAdmin(): Promise<TestAccount>;
  close(): Promise<void>;
}

export interface StartOptions extends Partial<Pick<AppDeps, 'extraRoutes' | 'logger' | 'inboxHeartbeatMs' | 'backupToken'>> {
  config?: Partial<Config>;
  /** Both request budgets (per user and per address) at once, a shortcut for `config.rateLimits`. */
  rateLimitPerMinute?: number;
  /** Run the sending engine in the test server's process (dispatcher, receipts, housekeeping). */
  engine?: Partial<DispatcherOptions> | true;
  /** The engine's clock (default Date.now): a skewed one plays a worker whose clock is off the database's. */
  clock?: Clock;
  /** Where the engine and its gateways log (default: errors on the console, the rest dropped). */
  engineLogger?: GatewayLogger;
  /** Called with every statement the server sends through drizzle (to count round trips). */
  onQuery?: (query: string) => void;
}

/** The engine's logger in tests: errors on the console, the rest dropped. */
export function engineTestLogger(): GatewayLogger {
  return { ...silentLogger, error: (details, message) => console.error(message, details) };
}

const hashes = new Map<string, Promise<string>>();
const cachedHash = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password) as Promise<string>;
};

let counter = 0;
/** A unique email per call (tests in one file share a database). */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${++counter}@example.test`;

/** Starts the real app on a fresh database and a random port. */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const { database, url, dispose } = await freshDatabase(options.onQuery);
  const perMinute = options.rateLimitPerMinute;
  const rateLimits = perMinute === undefined ? {} : { rateLimits: { perUserPerMinute: perMinute, perAddressPerMinute: perMinute } };
  const config = testConfig({ databaseUrl: url, ...rateLimits, ...options.config });
  const jobs = createJobs(database, { supervise: false });
  let engine: MessagingEngine | undefined;
  const app = await buildApp(config, {
    database,
    jobs,
    wakeDispatcher: () => engine?.wake(),
    wakeOneOffs: () => engine?.wakeOneOffs(),
    logger: options.logger ?? false,
    ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
    ...(options.inboxHeartbeatMs ? { inboxHeartbeatMs: options.inboxHeartbeatMs } : {}),
    ...(options.backupToken ? { backupToken: options.backupToken } : {}),
  }).catch(async (error: unknown) => {
    await dispose();
    throw error;
  });
  await jobs.start({ error: () => {} });
  if (options.engine) {
    const logger = options.engineLogger ?? engineTestLogger();
    engine = createSending({
      database,
      logger,
      publicUrl: config.publicUrl,
      twilioApiBaseUrl: config.twilioApiBaseUrl,
      allowPrivateWebhooks: config.allowPrivateWebhookUrls,
      jobs,
      emailAvailable: Boolean(config.smtpUrl),
      options: { idleMs: 50, ...(options.engine === true ? {} : options.engine) },
      ...(options.clock ? { clock: options.clock } : {}),
    });
    engine.start();
  }
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const jwtSecret = config.jwtSecret ?? ((await getSetting<string>(database.db, SETTING_KEYS.jwtSecret)) as string);
  const tokens = createTokenService(jwtSecret, config.tokenTtlSeconds);

  const request = async <T>(method: string, path: string, opts: RequestOptions = {}): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json');
    return { status: response.status, headers: response.headers, body: (isJson && text ? JSON.parse(text) : text) as T };
  };

  const createUser: TestServer['createUser'] = async (role, overrides = {}) => {
    const password = overrides.password ?? TEST_PASSWORD;
    const row = await insertUser(database.db, {
      name: overrides.name ?? `Test ${role} ${++counter}`,
      email: overrides.email ?? uniqueEmail(role),
      passwordHash: await cachedHash(password),
      role,
      status: overrides.status ?? 'active',
    });
    const token = await tokens.sign({ userId: row.id, tokenVersion: row.tokenVersion });
    return { user: presentUser(row), token, password };
  };

  return {
    baseUrl,
    config,
    database,
    jobs,
    engine,
    tokens,
    jwtSecret,
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
    createUser,
    createAdmin: () => createUser('admin'),
    close: async () => {
      try {
        // As the server process does; a short grace: a test's abandoned download need not hold it.
        await closeHttp(app, 500);
        await engine?.stop();
        await jobs.stop();
      } finally {
        await dispose();
      }
    },
  };
}

/** A free TCP port on loopback (for servers whose own URL must be known before they start). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
