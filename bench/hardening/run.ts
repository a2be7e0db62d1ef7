/**
 * Hardening benchmark (issue 34, H1: one small anonymous request froze the server). Starts the
 * real server process (`npm start`'s entry: API and worker in one process, PGlite in a fresh
 * DATA_DIR) and, while a poller asks GET /api/health/ready every 50 ms, sends:
 *   1. the issue's body, '[' x 20,000 + ']' x 20,000 (40 KB, Content-Type: application/json), to
 *      POST /api/users/login, one request after another for at least --seconds and --rounds times;
 *   2. 1 MB bodies of four shapes to POST /api/contacts as an administrator, --rounds times each.
 * The poller is an open loop: one request every 50 ms whether or not the last one has answered,
 * so a process that stops serving shows as requests waiting, not as fewer samples. Every request
 * comes from an address of its own (TRUST_PROXY and X-Forwarded-For), so the request budgets stay
 * out of the figures. Recorded: each kind of body's answer times and status, and the p50/p95/max
 * of /api/health/ready while the server is idle and while each phase runs.
 *
 *   node_modules/.bin/node bench/hardening/run.ts [--base /tmp/hardening-base] [--seconds 5] [--rounds 3] [--port 39431] [--no-write]
 *
 * --base: a checkout of older code measured first, the same way, for a before/after (e.g.
 * `git worktree add /tmp/hardening-base 58b775a`, with a node_modules whose @sms/* links point
 * into that checkout). Writes its section of bench/RESULTS.md unless --no-write.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, signIn, sleep, startServer, stopProcess, writeResultsSection } from '../lib/bench-server.ts';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    port: { type: 'string', default: '39431' },
    'no-write': { type: 'boolean', default: false },
  },
});
const PORT = Number(args.port);
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const POLL_MS = 50;
const MB = 1_000_000;

const nested = (depth: number, inner = '') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const NESTED_40KB = nested(20_000);

/** The 1 MB bodies (POST /api/contacts; each names its own phone number). */
function shapes(): Record<string, (phone: string) => string> {
  const manyKeys: Record<string, string> = {};
  for (let index = 0, size = 0; size < MB - 50_000; index++) {
    manyKeys[`key${index}`] = `value ${index}`;
    size += `"key${index}":"value ${index}",`.length;
  }
  const longArray = Array.from({ length: 100_000 }, (_, index) => index);
  const branch = nested(62, '"x"'); // 64 levels with the object and the array around it
  const branches = Array(Math.floor(MB / (branch.length + 1)))
    .fill(branch)
    .join(',');
  return {
    '50,000 keys in one object': (phone) => JSON.stringify({ phone, customFields: manyKeys }),
    'arrays of 100,000 numbers and 50,000 strings': (phone) =>
      JSON.stringify({ phone, tags: longArray, list: longArray.slice(0, 50_000).map(String) }),
    '15,000 branches 64 levels deep': (phone) => `{"phone":"${phone}","branches":[${branches}]}`,
    '40,000 levels, padded with spaces': (phone) => `{"phone":"${phone}","x":${nested(40_000)}}`.padEnd(MB, ' '),
  };
}

let addressCount = 0;
/** A new client address for every request (the server trusts X-Forwarded-For here). */
const nextAddress = () => {
  const n = ++addressCount;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** One request; answers its time, status and the answer's field (if any). */
async function timed(path: string, body?: string, token?: string): Promise<{ ms: number; status: number; field: string | undefined }> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'x-forwarded-for': nextAddress(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let field: string | undefined;
  try {
    field = (JSON.parse(text) as { field?: string }).field;
  } catch {
    field = undefined;
  }
  return { ms, status: response.status, field };
}

/** Runs `work` while GET /api/health/ready is asked every 50 ms (open loop); answers the work's result and those answers' times. */
async function whilePolling<T>(work: () => Promise<T>): Promise<{ result: T; health: number[]; failed: number }> {
  const health: number[] = [];
  const pending: Array<Promise<void>> = [];
  let failed = 0;
  const timer = setInterval(() => {
    pending.push(
      timed('/api/health/ready').then(
        (answer) => (answer.status === 200 ? health.push(answer.ms) : failed++, undefined),
        () => void failed++,
      ),
    );
  }, POLL_MS);
  try {
    return { result: await work(), health, failed };
  } finally {
    clearInterval(timer);
    await Promise.all(pending);
  }
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? NaN;
};
const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(value < 10 ? 1 : 0)} ms`);
const spread = (values: number[]) => `${ms(percentile(values, 0.5))} / ${ms(percentile(values, 0.95))} / ${ms(Math.max(...values))}`;

interface Run {
  label: string;
  idle: number[];
  nested: { times: number[]; answers: string; health: number[]; failed: number };
  shapes: Array<{ shape: string; times: number[]; answers: string }>;
  shapesHealth: number[];
}

const answersOf = (list: Array<{ status: number; field: string | undefined }>) =>
  [...new Set(list.map((answer) => `${answer.status}${answer.field ? ` (${answer.field})` : ''}`))].join(', ');

/** Starts the server of `root`, measures, stops it. */
async function measure(label: string, root: string): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sms-bench-hardening-'));
  const child = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }, PORT, root);
  try {
    const token = await signIn(PORT);
    // Warm-up: the routes' first requests compile their validators and serializers.
    for (let index = 0; index < 20; index++) {
      await timed('/api/health/ready');
      await timed('/api/users/login', '{"email":"nobody@example.test","password":"x"}');
    }
    const idle = (await whilePolling(() => sleep(3_000))).health;
    console.log(`${label}: idle /api/health/ready p95 ${ms(percentile(idle, 0.95))}`);

    const nestedRun = await whilePolling(async () => {
      const answers: Array<Awaited<ReturnType<typeof timed>>> = [];
      const started = performance.now();
      while (answers.length < ROUNDS || performance.now() - started < SECONDS * 1000)
        answers.push(await timed('/api/users/login', NESTED_40KB));
      return answers;
    });
    const nestedTimes = nestedRun.result.map((answer) => answer.ms);
    console.log(
      `${label}: 40 KB nested x${nestedTimes.length}: ${spread(nestedTimes)}; health p95 ${ms(percentile(nestedRun.health, 0.95))}`,
    );

    let phone = 0;
    const shapesRun = await whilePolling(async () => {
      const measured: Run['shapes'] = [];
      for (const [shape, make] of Object.entries(shapes())) {
        const answers: Array<Awaited<ReturnType<typeof timed>>> = [];
        for (let round = 0; round < ROUNDS; round++)
          answers.push(await timed('/api/contacts', make(`+4479112${String(++phone).padStart(5, '0')}`), token));
        measured.push({ shape, times: answers.map((answer) => answer.ms), answers: answersOf(answers) });
        console.log(`${label}: 1 MB ${shape}: ${spread(answers.map((answer) => answer.ms))} ${answersOf(answers)}`);
      }
      return measured;
    });
    return {
      label,
      idle,
      nested: { times: nestedTimes, answers: answersOf(nestedRun.result), health: nestedRun.health, failed: nestedRun.failed },
      shapes: shapesRun.result,
      shapesHealth: shapesRun.health,
    };
  } finally {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const startedAt = new Date();
const loadBefore = loadavg()
  .map((n) => n.toFixed(1))
  .join(', ');
/** The commit a checkout is at (and whether its files differ from it). */
const versionOf = (root: string) => {
  const commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const changed = execFileSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim();
  return changed ? `${commit} + working tree` : commit;
};
const runs: Run[] = [];
if (args.base) runs.push(await measure(`before (${versionOf(args.base)})`, args.base));
runs.push(await measure(`after (${versionOf(ROOT)})`, ROOT));
const loadAfter = loadavg()
  .map((n) => n.toFixed(1))
  .join(', ');

const nestedRows = runs.map(
  (run) =>
    `| ${run.label} | ${run.nested.times.length} | ${spread(run.nested.times)} | ${run.nested.answers} | ${spread(run.nested.health)} (${run.nested.health.length}${run.nested.failed ? `, ${run.nested.failed} failed` : ''}) | ${ms(percentile(run.idle, 0.95))} |`,
);
const shapeNames = runs[0]!.shapes.map((shape) => shape.shape);
const shapeRows = shapeNames.map(
  (name) =>
    `| ${name} | ${runs
      .map((run) => {
        const shape = run.shapes.find((each) => each.shape === name)!;
        return `${ms(percentile(shape.times, 0.5))} / ${ms(Math.max(...shape.times))} (${shape.answers})`;
      })
      .join(' | ')} |`,
);
const section = `
## Hostile request bodies: deep nesting, 1 MB of any shape (bench/hardening/run.ts)

Machine: ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version};
${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; load average before ${loadBefore}, after ${loadAfter} (the host is shared).
The server process as \`npm start\` runs it (API and worker, PGlite), one per code version; requests one at a time from
one client, each from an address of its own; GET /api/health/ready asked every ${POLL_MS} ms meanwhile (open loop).
Times: p50 / p95 / max.

The issue's body (\`'[' x 20,000 + ']' x 20,000\`, 40 KB) to POST /api/users/login, one after another for at least ${SECONDS} s and ${ROUNDS} times:

| Code | Bodies sent | Answer time | Answer | /api/health/ready while they are sent (answers) | /api/health/ready idle, p95 |
|---|---:|---:|---|---:|---:|
${nestedRows.join('\n')}

1 MB bodies to POST /api/contacts as an administrator, ${ROUNDS} of each (answer time p50 / max, statuses):

| Body | ${runs.map((run) => run.label).join(' | ')} |
|---|${runs.map(() => '---:').join('|')}|
${shapeRows.join('\n')}
| /api/health/ready meanwhile | ${runs.map((run) => spread(run.shapesHealth)).join(' | ')} |

Before: the text rule copied the path of keys at every level and walked each body twice (parser, validator), so a
body cost the square of its depth and held the whole process (the issue measured 52 s for the 40 KB body on its
host); the old walk's times also vary from run to run, as garbage collection decides (four runs on 2026-12-06: 15,000
branches 0.2-1.9 s, 40,000 levels 20-41 s). After: nesting past 64 levels is refused after one pass over the text,
before JSON.parse; the text rule walks once, in linear time (decision 077).
`;
console.log(section);
if (!args['no-write']) await writeResultsSection('hardening-bench', section);
