import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer, watchDatabaseForMetrics } from '../src/platform/metrics-server.ts';
import { createCampaign, launchCampaign, settledCounts, waitForCampaign } from './campaign-api.ts';
import { configureSimulator, seedContacts, waitFor } from './campaign-fixtures.ts';
import { importFile, startImportServer } from './import-fixtures.ts';
import { addNetSmppGateway, startNetSmppSmsc, type NetSmppSmsc } from './net-smpp-smsc.ts';
import type { Database } from '../src/db/client.ts';
import { openDatabase } from '../src/db/open.ts';
import { freePort, freshDatabase, onPostgres, startTestServer, type TestAccount, type TestServer } from './helper.ts';
import { scratchDir } from './scratch-dir.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

/**
 * GET /metrics (decision 091), read by a parser we did not write: Python's prometheus_client
 * (Debian's python3-prometheus-client), which refuses anything that is not the text format.
 */

const ALERTS = new URL('../../../docs/monitoring/alerts.yml', import.meta.url).pathname;
const DASHBOARD = new URL('../../../docs/monitoring/grafana-dashboard.json', import.meta.url).pathname;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number | null;
}

const PARSE = `
import json, sys
from prometheus_client.parser import text_string_to_metric_families
out = []
for family in text_string_to_metric_families(sys.stdin.read()):
    for s in family.samples:
        # NaN (a summary with no observation yet) is not JSON: null.
        out.append({"name": s.name, "labels": s.labels, "value": s.value if s.value == s.value else None, "type": family.type})
print(json.dumps(out))
`;

/** The first Python with prometheus_client: the one on PATH, or Debian's (.ci/run installs python3-prometheus-client). */
const python = ['python3', '/usr/bin/python3'].find((candidate) => {
  try {
    execFileSync(candidate, ['-c', 'import prometheus_client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});
if (!python)
  throw new Error('These tests need python3 with prometheus_client (apt-get install python3-prometheus-client; .ci/run installs it)');

/** Scrapes `url` and parses it with prometheus_client. */
async function scrape(url: string): Promise<Sample[]> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  // API test files share one process (vitest `isolate: false`), so by the time this file runs the
  // registry holds every route the earlier files called: several MB of JSON, past the 1 MB default.
  return JSON.parse(
    execFileSync(python as string, ['-c', PARSE], { input: text, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 }),
  ) as Sample[];
}

/** This process's registry as a scrape reads it (through a metrics server of its own). */
async function scrapeRegistry(): Promise<Sample[]> {
  const server = await startMetricsServer({ port: 0, host: '127.0.0.1' });
  try {
    const address = server.address();
    return await scrape(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metrics`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** The sum of a metric's samples whose labels include `labels`. */
const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + (s.value ?? 0), 0);

describe('metrics of a process that sends', () => {
  let server: TestServer;
  let admin: TestAccount;
  let metrics: Awaited<ReturnType<typeof startMetricsServer>>;
  let url = '';

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    watchDatabaseForMetrics(server.database);
    metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    const address = metrics.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metrics`;
  });
  afterAll(async () => {
    await new Promise((resolve) => metrics?.close(resolve));
    await server?.close();
  });

  it('counts what a campaign sent, its receipts and replies, the API answers and the queue, as Prometheus reads them', async () => {
    const before = await scrape(url);
    await seedContacts(server, 40);
    const campaign = await createCampaign(server, admin.token, {
      name: 'Metrics',
      body: 'Hello {{first_name}}',
      audience: { type: 'all' },
    });
    await launchCampaign(server, admin.token, campaign.id);
    await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'completed', 'the campaign to complete');
    const counts = await settledCounts(server, admin.token, campaign.id);
    await server.engine?.inbound(DEFAULT_SIMULATOR_GATEWAY_ID, [
      { gatewayMessageId: 'metrics-in-1', from: '+447700000001', to: '+447700999999', body: 'Yes', receivedAt: new Date() },
      { gatewayMessageId: 'metrics-in-2', from: '+447700000002', to: '+447700999999', body: 'No', receivedAt: new Date() },
    ]);
    const after = await scrape(url);
    const delta = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);
    const gateway = DEFAULT_SIMULATOR_GATEWAY_ID;

    expect(counts.delivered).toBe(40);
    expect(delta('sms_messages_total', { status: 'sent', gateway })).toBe(40);
    expect(delta('sms_receipts_total', { status: 'delivered', gateway })).toBe(40);
    expect(delta('sms_receipt_lag_seconds_count', { gateway })).toBe(40);
    expect(delta('sms_inbound_total', { gateway })).toBe(2);
    expect(delta('sms_reply_lag_seconds_count', { gateway })).toBe(2);
    // Every batch was answered and timed; none is in flight any more.
    expect(delta('sms_submit_duration_seconds_count', { gateway })).toBeGreaterThanOrEqual(1);
    expect(total(after, 'sms_batches_in_flight')).toBe(0);
    expect(total(after, 'sms_queue_depth', { lane: 'campaign' })).toBe(0);
    expect(total(after, 'sms_receipts_parked')).toBe(0);
    // Answers by route pattern, never by address: the campaign's id makes no series of its own.
    expect(
      delta('http_request_duration_seconds_count', { method: 'GET', route: '/api/campaigns/:id', status_code: '200' }),
    ).toBeGreaterThan(0);
    expect(after.some((s) => s.labels.route?.includes(campaign.id))).toBe(false);
    expect(total(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(after.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    if (onPostgres) expect(total(after, 'sms_database_connections', { state: 'max' })).toBe(10);
    expect(total(after, 'sms_database_up')).toBe(1);
  }, 90_000);

  it('counts messages waiting in the queue by lane', async () => {
    // A paused campaign's messages wait in the queue: 200 recipients at one message a second.
    await seedContacts(server, 200, { offset: 1000 });
    const campaign = await createCampaign(server, admin.token, { name: 'Queued', body: 'Hello', audience: { type: 'all' }, rateLimit: 1 });
    await launchCampaign(server, admin.token, campaign.id);
    await server.post(`/api/campaigns/${campaign.id}/pause`, undefined, { token: admin.token });
    const counts = await settledCounts(server, admin.token, campaign.id);
    const samples = await scrape(url);
    expect(counts.queued, JSON.stringify(counts)).toBeGreaterThan(0);
    expect(total(samples, 'sms_queue_depth', { lane: 'campaign' })).toBe(counts.queued);
  }, 60_000);

  it('is scraped by a real Prometheus, and promtool finds nothing wrong in the text', async () => {
    const prometheus = existsSync('/usr/bin/prometheus') ? '/usr/bin/prometheus' : undefined;
    if (!prometheus) throw new Error('This test needs Prometheus (apt-get install prometheus; .ci/run installs it)');
    const lint = spawnSync('promtool', ['check', 'metrics'], { input: await (await fetch(url)).text(), encoding: 'utf8' });
    // Ours only: prom-client's own process metrics keep their historical names (nodejs_active_handles_total is a gauge).
    const problems = `${lint.stdout}${lint.stderr}`.split('\n').filter((line) => /^(sms_|http_request)/.test(line));
    expect(problems).toEqual([]);

    const dir = scratchDir('sms-prometheus-');
    const target = new URL(url).host;
    writeFileSync(
      join(dir, 'prometheus.yml'),
      `global: { scrape_interval: 1s }\nscrape_configs:\n  - job_name: sms\n    static_configs: [{ targets: ['${target}'] }]\n`,
    );
    const port = await freePort();
    const child = spawn(
      prometheus,
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const query = async (expression: string): Promise<number | undefined> => {
      const answer = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(expression)}`).then(
        (response) => (response.ok ? (response.json() as Promise<{ data: { result: Array<{ value: [number, string] }> } }>) : undefined),
        () => undefined,
      );
      const value = answer?.data.result[0]?.value[1];
      return value === undefined ? undefined : Number(value);
    };
    try {
      let sent: number | undefined;
      for (let tries = 0; sent === undefined; tries++) {
        if (tries > 150) throw new Error(`Prometheus did not scrape the metrics:\n${output.slice(-3000)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        if ((await query('up{job="sms"}')) === 1)
          sent = await query(`sum(sms_messages_total{status="sent",gateway="${DEFAULT_SIMULATOR_GATEWAY_ID}"})`);
      }
      // What the first test sent, as Prometheus stored it.
      expect(sent).toBeGreaterThanOrEqual(40);
      expect(await query('sum(http_request_duration_seconds_count{route="/api/campaigns/:id"})')).toBeGreaterThan(0);

      // The shipped dashboard and alert rules (docs/monitoring): valid PromQL over metrics that exist.
      const rules = spawnSync('promtool', ['check', 'rules', ALERTS], { encoding: 'utf8' });
      expect(rules.status, rules.stdout + rules.stderr).toBe(0);
      const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Array<{ targets: Array<{ expr: string }> }> };
      const expressions = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
      // Every metric this process declares (with or without samples yet): the text's TYPE lines.
      const scraped = new Set([...(await (await fetch(url)).text()).matchAll(/^# TYPE (\S+)/gm)].map((match) => match[1]));
      for (const expression of expressions) {
        const answer = (await (await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(expression)}`)).json()) as {
          status: string;
        };
        expect(answer.status, expression).toBe('success');
      }
      const named = `${expressions.join('\n')}\n${readFileSync(ALERTS, 'utf8')}`.match(/\b(sms|http_request|nodejs)_\w+/g) ?? [];
      for (const name of new Set(named))
        expect(scraped, `${name} is used by docs/monitoring but not served`).toContain(name.replace(/_(bucket|count|sum)$/, ''));
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);

  it('answers 404 anywhere else', async () => {
    const response = await fetch(url.replace('/metrics', '/api/health'));
    expect(response.status).toBe(404);
  });
});

describe('METRICS_PORT in the product process', () => {
  it('serves the metrics on a port of its own, bound to HOST, beside the API', async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
      cwd: new URL('../../../', import.meta.url).pathname,
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        HOST: '127.0.0.1',
        DATA_DIR: scratchDir('sms-metrics-'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      for (let ready = false, tries = 0; !ready; tries++) {
        if (tries > 300) throw new Error(`the server did not start:\n${output}`);
        ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
          (response) => response.ok,
          () => false,
        );
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const samples = await scrape(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(total(samples, 'http_request_duration_seconds_count', { route: '/api/health/ready' })).toBeGreaterThan(0);
      expect(samples.some((s) => s.name === 'process_resident_memory_bytes')).toBe(true);
      // Not on the API's port.
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).headers.get('content-type')).not.toMatch(/version=0\.0\.4/);
      expect(output).toContain(`Metrics on http://127.0.0.1:${metricsPort}/metrics`);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 120_000);
});

describe('the link state of an SMPP bind', () => {
  let smsc: NetSmppSmsc | undefined;
  let server: TestServer;
  let metrics: Awaited<ReturnType<typeof startMetricsServer>>;
  afterAll(async () => {
    await smsc?.close().catch(() => {});
    await new Promise((resolve) => metrics?.close(resolve));
    await server?.close();
  });

  it('is up while bound to a real SMSC (Net::SMPP) and down once the SMSC is gone', async () => {
    smsc = await startNetSmppSmsc({ replyEvery: 0 });
    server = await startTestServer({ engine: true });
    const admin = await server.createAdmin();
    watchDatabaseForMetrics(server.database);
    metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    const address = metrics.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metrics`;
    const gateway = await addNetSmppGateway(server, admin.token, smsc);
    await seedContacts(server, 5);
    const campaign = await createCampaign(server, admin.token, {
      name: 'Bound',
      body: 'Hello',
      audience: { type: 'all' },
      gatewayId: gateway,
    });
    await launchCampaign(server, admin.token, campaign.id);
    await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'completed', 'the campaign to complete');
    const link = async (state: string) => total(await scrape(url), 'sms_gateway_link_up', { gateway, state });
    await waitFor(async () => ((await link('connected')) === 1 ? true : undefined), 10_000, 'the link to show as connected');

    await smsc.close();
    smsc = undefined;
    await waitFor(
      async () => ((await link('retrying')) === 0 && (await link('connected')) === 0 ? true : undefined),
      30_000,
      'the link to show as down',
    );
    const samples = await scrape(url);
    expect(
      samples.filter((s) => s.name === 'sms_gateway_link_up' && s.labels.gateway === gateway).map((s) => [s.labels.state, s.value]),
    ).toEqual([['retrying', 0]]);
  }, 90_000);
});

describe('rows written by an import', () => {
  it('are counted by outcome, so rate() gives rows per second', async () => {
    const server = await startImportServer();
    try {
      const admin = await server.createAdmin();
      const before = total(await scrapeRegistry(), 'sms_import_rows_total', { outcome: 'created' });
      const csv = `phone,first_name\n${Array.from({ length: 30 }, (_, i) => `+4477001${String(i).padStart(5, '0')},P${i}`).join('\n')}\n`;
      const { summary } = await importFile(server, admin.token, csv);
      expect(summary.counts.created, JSON.stringify(summary)).toBe(30);
      expect(total(await scrapeRegistry(), 'sms_import_rows_total', { outcome: 'created' }) - before).toBe(30);
    } finally {
      await server.close();
    }
  }, 60_000);
});

if (!onPostgres)
  console.info(
    'metrics.test.ts: the database outage test is skipped without TEST_DATABASE_URL (the embedded database cannot lose a connection)',
  );

describe.skipIf(!onPostgres)('a scrape while PostgreSQL is away (its connections cut, or stalled, through a TCP proxy)', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let proxy: TcpProxy;
  let database: Database;
  let metrics: Awaited<ReturnType<typeof startMetricsServer>>;
  let url = '';
  const logged: string[] = [];
  afterAll(async () => {
    watchDatabaseForMetrics(undefined);
    await new Promise((resolve) => metrics?.close(resolve));
    await database?.close();
    await proxy?.close();
    await fresh?.dispose();
  });

  it('answers 200 with the process metrics, sms_database_up 0 and the last figures, logs the outage once, and reads again once it is back', async () => {
    fresh = await freshDatabase();
    const direct = new URL(fresh.url as string);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.port = String(proxy.port);
    database = await openDatabase({ databaseUrl: proxied.toString() });
    database.availability.setLogger({ warn: (_, message) => logged.push(message), info: (_, message) => logged.push(message) });
    const park = (n: number) =>
      fresh.database.db.execute(sql`insert into pending_receipts (gateway_id, gateway_message_id, status, at)
        select gen_random_uuid(), 'parked-' || i, 'delivered', now() from generate_series(1, ${n}) as i`);
    await park(3);
    watchDatabaseForMetrics(database);
    metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    const address = metrics.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metrics`;

    const before = await scrape(url);
    expect(total(before, 'sms_database_up')).toBe(1);
    expect(total(before, 'sms_receipts_parked')).toBe(3);
    expect(before.filter((s) => s.name === 'sms_queue_depth')).toHaveLength(3);

    // Every connection reset and new ones refused (a restart, a failover), while receipts keep
    // arriving through another path: the gauges must not pretend to read them.
    await proxy.down();
    await park(2);
    for (let index = 0; index < 5; index++) {
      const during = await scrape(url);
      expect(total(during, 'sms_database_up')).toBe(0);
      expect(total(during, 'sms_receipts_parked')).toBe(3);
      expect(total(during, 'sms_queue_depth')).toBe(0);
      expect(during.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
      expect(during.some((s) => s.name === 'process_cpu_seconds_total')).toBe(true);
      expect(during.some((s) => s.name === 'sms_database_connections' && s.labels.state === 'max')).toBe(true);
      // Lost connections are an outage, not a failed read (that counter is for bugs).
      expect(total(during, 'sms_metric_read_errors_total')).toBe(total(before, 'sms_metric_read_errors_total'));
    }
    expect(logged.filter((message) => message.startsWith('Database unavailable'))).toHaveLength(1);

    await proxy.up();
    const after = await waitFor(
      async () => {
        const samples = await scrape(url);
        return total(samples, 'sms_database_up') === 1 ? samples : undefined;
      },
      30_000,
      'sms_database_up 1 once the database is back',
    );
    expect(total(after, 'sms_receipts_parked')).toBe(5);
    expect(after.filter((s) => s.name === 'sms_queue_depth')).toHaveLength(3);
    expect(logged.filter((message) => message.startsWith('Database unavailable'))).toHaveLength(1);
    expect(logged.filter((message) => message.startsWith('Database available again'))).toHaveLength(1);
  }, 60_000);

  it('answers with sms_database_up 0 while the database stops answering without closing anything, and reads again once it does', async () => {
    const parked = total(await scrape(url), 'sms_receipts_parked');
    expect(total(await scrape(url), 'sms_database_up')).toBe(1);
    // Bytes stop both ways and the connections stay open: a query in progress would wait for TCP
    // keep-alive (minutes), past any scrape timeout, and Prometheus would see the process as down.
    proxy.stall();
    try {
      const during = await scrape(url);
      expect(total(during, 'sms_database_up')).toBe(0);
      expect(total(during, 'sms_receipts_parked')).toBe(parked);
      expect(during.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    } finally {
      proxy.resume();
    }
    await waitFor(
      async () => (total(await scrape(url), 'sms_database_up') === 1 ? true : undefined),
      30_000,
      'sms_database_up 1 once the database answers again',
    );
  }, 60_000);
});
