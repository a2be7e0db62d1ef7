/**
 * Shared pieces of the benchmarks: start the real server as a child process, call its API, sign
 * in, read a process's peak RSS, manage throwaway PostgreSQL databases.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';

export const ROOT = new URL('../../', import.meta.url).pathname;
/**
 * Whose server and worker the benchmarks start: this checkout's, or BENCH_SERVER_ROOT's (another
 * checkout, e.g. `git archive <commit> apps/server | tar -x -C /tmp/base` with node_modules linked
 * and package.json copied), for a before/after in the same minutes.
 */
export const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ?? ROOT;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Peak resident set of a process (VmHWM), in MB. */
export async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc; 0 once it is gone. */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The command name may hold spaces: the fields start after its closing parenthesis (utime is field 14, stime 15).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / TICKS_PER_SECOND;
}

/**
 * CPU seconds used so far by the PostgreSQL backends serving `database` (their title reads
 * "postgres: <cluster>: <user> <database> <client> <state>"): the database's share of a run is
 * the difference across it. Other helpers' databases on the same cluster are left out, and so
 * are the cluster's shared processes (WAL writer, checkpointer), which serve every database.
 * Backends that end during the run take their time with them: the pools of the measured
 * processes live as long as they do.
 */
export async function postgresCpuSeconds(database: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const title = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (title.startsWith('postgres: ') && title.split(' ').includes(database)) total += await cpuSeconds(Number(entry));
  }
  return total;
}

/** Resets the peak RSS counter of a process (Linux clear_refs). */
export const resetPeak = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => {});

/** The Node flags `npm start` gives the server (root package.json), so a benchmark runs the same process. */
export async function startFlags(): Promise<string[]> {
  const script = (JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  return /node ((?:--\S+ )*)apps\/server\/src\/main\.ts/.exec(script)?.[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
}

/**
 * Starts `npm start`'s entry with its flags (API + worker in one process) and extra environment; waits for health.
 * BENCH_SERVER_FLAGS adds Node flags to the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
 * (Node refuses --cpu-prof in NODE_OPTIONS). `root`: another checkout's server (an older commit, for a before/after).
 */
export async function startServer(env: Record<string, string>, port: number, root = SERVER_ROOT): Promise<ChildProcess> {
  const extra = process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...(await startFlags()), ...extra, join(root, 'apps/server/src/main.ts')], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', WEB_DIST: join(tmpdir(), 'no-web-dist'), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Up to 3 minutes: an embedded server's first start (initdb) on a host loaded far past its CPUs took more than 1.
  for (let attempt = 0; attempt < 1800; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill();
  throw new Error('server did not start');
}

/** Starts `npm run worker`'s entry with its flags (job runner and sending engine only) and extra environment; waits until it says it started. */
export async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(await startFlags()), join(SERVER_ROOT, 'apps/server/src/worker.ts')], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      seen += chunk.toString();
      if (seen.includes('Worker started')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${String(code)}) before starting`)));
  });
  return child;
}

/** Imports a contacts CSV through the API (upload, suggested mapping, default country GB, skip duplicates); answers how many were created. */
export async function importContacts(port: number, token: string, csvPath: string): Promise<number> {
  const form = new FormData();
  form.append('file', await openAsBlob(csvPath), 'contacts.csv');
  const uploaded = (await (
    await fetch(`http://127.0.0.1:${port}/api/contacts/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
  ).json()) as {
    import: { id: string };
    preview: { suggestedMapping: Record<string, string> };
  };
  await api(port, 'POST', `/api/contacts/imports/${uploaded.import.id}/start`, token, {
    mapping: uploaded.preview.suggestedMapping,
    options: { defaultCountry: 'GB', onDuplicate: 'skip' },
  });
  for (;;) {
    const { import: summary } = await api<{ import: { status: string; counts: { created: number } } }>(
      port,
      'GET',
      `/api/contacts/imports/${uploaded.import.id}`,
      token,
    );
    if (summary.status === 'completed') return summary.counts.created;
    if (summary.status === 'failed') throw new Error('import failed');
    await sleep(250);
  }
}

/** Stops a child process and waits for it. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A JSON API call; throws with the answer on a non-2xx status. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- callers name the answer's type
export async function api<T = any>(port: number, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Creates the first admin (if needed) and signs in. */
export async function signIn(port: number): Promise<string> {
  const credentials = { email: 'bench@example.com', password: 'Bench-Password-42' };
  await api(port, 'POST', '/api/users/register', undefined, { name: 'Bench', ...credentials }).catch(() => {});
  return (await api<{ token: string }>(port, 'POST', '/api/users/login', undefined, credentials)).token;
}

/** A fresh PostgreSQL database next to `adminUrl`'s; answers its URL and a function that drops it. */
export async function freshPostgres(adminUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: adminUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

/** Replaces the section between `<!-- tag -->` markers in bench/RESULTS.md (appends it if absent). */
export async function writeResultsSection(tag: string, markdown: string): Promise<void> {
  const path = join(ROOT, 'bench/RESULTS.md');
  const marker = `<!-- ${tag} -->`;
  const current = await readFile(path, 'utf8').catch(() => '# Benchmark results\n');
  const start = current.indexOf(marker);
  const end = start === -1 ? -1 : current.indexOf(marker, start + marker.length);
  const section = `${marker}\n${markdown.trim()}\n${marker}`;
  const next =
    start !== -1 && end !== -1
      ? `${current.slice(0, start)}${section}${current.slice(end + marker.length)}`
      : `${current.trimEnd()}\n\n${section}\n`;
  await writeFile(path, next);
}
