import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureSimulator, waitFor } from './campaign-fixtures.ts';
import { startTestServer, type TestServer } from './helper.ts';
import { scratchDir } from './scratch-dir.ts';

/**
 * The integration guide's examples (the README links to them) run as written against a real
 * server: curl and Node, only the address and the key put in (issue 38: the first example answered
 * 400 INVALID_PHONE). Its numbers are test numbers (contracts test-numbers.ts).
 */
const GUIDE = new URL('../../../docs/guide/integration.md', import.meta.url).pathname;
const EXAMPLE_HOST = 'https://sms.example.org';

/** The fenced blocks of a language, in order. */
const blocks = (markdown: string, language: string) =>
  [...markdown.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1] ?? '');

describe('the integration guide', () => {
  let server: TestServer;
  let key = '';
  const guide = readFileSync(GUIDE, 'utf8');
  // Asynchronously: the server answering the example runs in this process.
  const run = async (file: string, code: string, command: string[]) => {
    writeFileSync(file, code.replaceAll(EXAMPLE_HOST, server.baseUrl));
    const { stdout } = await promisify(execFile)(command[0]!, [...command.slice(1), file], {
      env: { ...process.env, SMS_API_KEY: key },
      encoding: 'utf8',
    });
    return stdout;
  };

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    const admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    key = (await server.post('/api/api-keys', { name: 'Guide', scopes: ['messages:send', 'messages:read'] }, { token: admin.token })).body
      .secret;
  });
  afterAll(() => server?.close());

  it('sends with its curl example on the first try, and reads the message back as its second line shows', async () => {
    const [shell] = blocks(guide, 'sh');
    expect(shell).toContain('curl -X POST');
    const [send, read] = shell!.split(/\n(?=curl )/);
    const dir = scratchDir('sms-guide-');
    const answer = JSON.parse(
      (await run(join(dir, 'send.sh'), `set -e\n${send!.replace('curl ', 'curl -sS -w "\\n" ')}`, ['bash'])).trim(),
    );
    // The shape the example's comment promises.
    const promised = JSON.parse(/# 202 (\{.*)\.\.\.\}/.exec(send!)![1]!.replace(/,$/, '') + '}');
    expect(Object.keys(answer)).toEqual(expect.arrayContaining(Object.keys(promised)));
    expect(answer).toMatchObject({ to: promised.to, priority: promised.priority, encoding: promised.encoding });
    // The second line, with the id the first one answered in place of the comment's.
    const message = JSON.parse(
      await run(join(dir, 'read.sh'), `set -e\n${read!.replace('curl ', 'curl -sS ').replace(`/${promised.id}`, `/${answer.id}`)}`, [
        'bash',
      ]),
    );
    expect(message.id).toBe(answer.id);
    await waitFor(async () =>
      (await server.get(`/api/v1/messages/${answer.id}`, { token: key })).body.status === 'delivered' ? true : undefined,
    );
  }, 60_000);

  it('schedules, cancels and lists replies with its second curl example (decision 092)', async () => {
    const [, shell] = blocks(guide, 'sh');
    const [schedule, cancel, replies] = shell!.split(/\n(?=curl )/);
    const dir = scratchDir('sms-guide-');
    const curl = (line: string) => `set -e\n${line.replace('curl ', 'curl -sS ')}`;
    const scheduled = JSON.parse(await run(join(dir, 'schedule.sh'), curl(schedule!), ['bash']));
    const promised = JSON.parse(/# 202 (\{.*)\.\.\.\}/.exec(schedule!)![1]!.replace(/,$/, '') + '}');
    expect(scheduled).toMatchObject({ to: promised.to, status: 'queued', scheduledAt: promised.scheduledAt });
    const cancelled = JSON.parse(
      await run(join(dir, 'cancel.sh'), curl(cancel!.replace(`/${promised.id}/`, `/${scheduled.id}/`)), ['bash']),
    );
    expect(cancelled).toMatchObject({ id: scheduled.id, status: 'cancelled' });
    const listed = JSON.parse(await run(join(dir, 'replies.sh'), curl(replies!), ['bash']));
    expect(listed).toMatchObject({ data: expect.any(Array), nextCursor: null });
  }, 60_000);

  it('sends with its Node example as written', async () => {
    const [node] = blocks(guide, 'js');
    const dir = scratchDir('sms-guide-');
    // The example and a line that tells the test what it got.
    const output = JSON.parse(
      await run(
        join(dir, 'send.mjs'),
        `${node}\nconsole.log(JSON.stringify({ status: response.status, body: await response.json() }));\n`,
        [process.execPath],
      ),
    );
    expect(output.status).toBe(202);
    expect(output.body).toMatchObject({ to: '+447700900123', reference: 'order-1042' });
  }, 60_000);
});
