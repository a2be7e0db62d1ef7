import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { freePort } from './helper.ts';
import { scratchDir } from './scratch-dir.ts';

// The server process (`npm start`) stopped by SIGTERM after a client cancelled a download: it must still close its database and exit 0 within close-with-grace's 10 s delay.
const dataDir = scratchDir('sms-shutdown-');

const json = async <T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<T> => {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json() as Promise<T>;
};

it('exits cleanly on SIGTERM although a client stopped reading a download', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: new URL('../../../', import.meta.url).pathname,
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let ready = false; !ready;) {
    ready = await fetch(`${base}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
  }

  // 20,000 contacts: their export is larger than the socket buffers between the two ends.
  const account = { name: 'Ada Admin', email: 'ada@example.org', password: 'Correct-Horse-42' };
  await json(base, 'POST', '/api/users/register', account);
  const { token } = await json<{ token: string }>(base, 'POST', '/api/users/login', { email: account.email, password: account.password });
  const csv = `phone,name\n${Array.from({ length: 20_000 }, (_, index) => `+4477009${String(index).padStart(5, '0')},N${index}`).join('\n')}\n`;
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
  const uploaded = (await (
    await fetch(`${base}/api/contacts/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
  ).json()) as { import: { id: string } };
  await json(base, 'POST', `/api/contacts/imports/${uploaded.import.id}/start`, { mapping: { '0': 'phone', '1': 'firstName' } }, token);
  for (let status = ''; status !== 'completed';) {
    status = (await json<{ import: { status: string } }>(base, 'GET', `/api/contacts/imports/${uploaded.import.id}`, undefined, token))
      .import.status;
    expect(['queued', 'running', 'completed']).toContain(status);
    if (status !== 'completed') await new Promise((resolve) => setTimeout(resolve, 200));
  }

  // A download is cancelled after its first bytes, the way Node's fetch does it: the connection
  // stays open and unread (the server's response cannot finish).
  const controller = new AbortController();
  const response = await fetch(`${base}/api/contacts/export?format=csv`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  await reader.read();
  controller.abort();
  await reader.cancel().catch(() => undefined);
  // Half a second on, the server has filled the connection's buffers and waits to write more.
  await new Promise((resolve) => setTimeout(resolve, 500));

  const started = Date.now();
  child.kill('SIGTERM');
  const code = await exited;
  expect(code, output).toBe(0);
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(output).not.toMatch(/killed by timeout/);
}, 90_000);
