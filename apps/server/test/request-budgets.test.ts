import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestResponse, type TestServer } from './helper.ts';

/*
 * The API's request budgets (issue 34; decision 076), with the minute's budgets lowered so a few
 * seconds of requests stand for a minute of them: signed-in requests spend their user's budget,
 * anonymous ones and failed authentication their address's.
 */
const PER_USER = 100;
const PER_ADDRESS = 50;

let server: TestServer;
let statements: string[] = [];
beforeAll(async () => {
  server = await startTestServer({
    config: { rateLimits: { perUserPerMinute: PER_USER, perAddressPerMinute: PER_ADDRESS } },
    onQuery: (query) => statements.push(query),
  });
});
afterAll(() => server?.close());

let addressCounter = 0;
/** A client address of its own (the test server trusts X-Forwarded-For). */
const newAddress = () => `198.18.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

/** Runs `count` calls of `call`, `concurrency` at a time, and answers their answers in order. */
async function inParallel<T>(count: number, concurrency: number, call: (index: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        answers[index] = await call(index);
      }
    }),
  );
  return answers;
}

const statuses = (answers: TestResponse[]) => answers.map((answer) => answer.status);
const countOf = (answers: TestResponse[], status: number) => answers.filter((answer) => answer.status === status).length;

/** Every 429 says how long to wait, in the header and the body. */
function expectRetryAfter(answers: TestResponse[]) {
  for (const answer of answers.filter((one) => one.status === 429)) {
    const seconds = Number(answer.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(answer.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter: seconds });
  }
}

describe('a team behind one address', () => {
  it('issue 34: 30 signed-in users, 60 requests each, get no 429, while one user’s flood is limited and anonymous requests keep the address budget', async () => {
    const office = newAddress();
    const team = await Promise.all(Array.from({ length: 30 }, () => server.createUser('agent')));
    const headers = { 'x-forwarded-for': office };
    // A page's calls: mostly signed-in routes, some public ones the app calls with its token.
    const paths = ['/api/users/me', '/api/notifications/unread-count', '/api/users/me', '/api/users/setup-status', '/api/users/me'];
    const answers = await inParallel(30 * 60, 30, (index) =>
      server.get(paths[Math.floor(index / 30) % paths.length] as string, { token: team[index % 30]!.token, headers }),
    );
    expect(answers).toHaveLength(1800);
    expect(countOf(answers, 429)).toBe(0);
    expect(new Set(statuses(answers))).toEqual(new Set([200]));

    // One user's flood from the same address: limited at their own budget, and theirs alone.
    const [flooder, colleague] = team as [(typeof team)[0], (typeof team)[0]];
    const flood = await inParallel(PER_USER, 10, () => server.get('/api/users/me', { token: flooder.token, headers }));
    expect(countOf(flood, 200)).toBe(PER_USER - 60);
    expect(countOf(flood, 429)).toBe(60);
    expectRetryAfter(flood);
    expect((await server.get('/api/users/me', { token: colleague.token, headers })).status).toBe(200);

    // Anonymous requests from that address still share one budget; signed-in ones go on past it.
    const anonymous = await inParallel(PER_ADDRESS + 10, 5, () => server.get('/api/health', { headers }));
    expect(countOf(anonymous, 200)).toBe(PER_ADDRESS);
    expect(countOf(anonymous, 429)).toBe(10);
    expectRetryAfter(anonymous);
    expect((await server.get('/api/users/me', { token: colleague.token, headers })).status).toBe(200);
    expect((await server.get('/api/users/setup-status', { token: colleague.token, headers })).status).toBe(200);
  });
});

describe('failed authentication', () => {
  it('issue 34 L5: 700 made-up API keys from one address end in 429 with Retry-After, after few database lookups', async () => {
    const headers = { 'x-forwarded-for': newAddress() };
    statements = [];
    const answers = await inParallel(700, 10, () =>
      server.get('/api/v1/messages', { token: `smsk_${randomBytes(32).toString('base64url')}`, headers }),
    );
    const lookups = statements.filter((statement) => statement.includes('api_keys')).length;
    expect(countOf(answers, 401) + countOf(answers, 429)).toBe(700);
    expect(countOf(answers, 401)).toBe(PER_ADDRESS);
    expect(answers.at(-1)?.status).toBe(429);
    expectRetryAfter(answers);
    // One lookup per key the address could still pay for, none past its budget (10 in flight at most).
    expect(lookups).toBeGreaterThan(0);
    expect(lookups).toBeLessThanOrEqual(PER_ADDRESS + 10);
  });

  it('issue 34 L5: an unknown API key is remembered as unknown, so repeating it costs one lookup', async () => {
    const headers = { 'x-forwarded-for': newAddress() };
    const made_up = `smsk_${randomBytes(32).toString('base64url')}`;
    statements = [];
    const answers = await inParallel(PER_ADDRESS, 5, () => server.get('/api/v1/messages', { token: made_up, headers }));
    expect(new Set(statuses(answers))).toEqual(new Set([401]));
    expect(answers[0]?.body).toMatchObject({ message: 'This API key is not valid.' });
    expect(statements.filter((statement) => statement.includes('api_keys'))).toHaveLength(1);
    // A secret that cannot be a key is refused without asking the database at all.
    statements = [];
    expect((await server.get('/api/v1/messages', { token: 'smsk_short', headers: { 'x-forwarded-for': newAddress() } })).status).toBe(401);
    expect(statements.filter((statement) => statement.includes('api_keys'))).toHaveLength(0);
  });

  it('issue 34 L5: 650 bad staff tokens from one address end in 429 with Retry-After; a valid token from there still works', async () => {
    const headers = { 'x-forwarded-for': newAddress() };
    const { user, token } = await server.createUser('viewer');
    // Garbage, a broken signature, and a well-signed token of a session ended since (read from the database).
    const ended = await server.tokens.sign({ userId: user.id, tokenVersion: 1_000 });
    const bad = (index: number) => [`not-a-token-${index}`, `${token.slice(0, -4)}AAAA`, ended][index % 3] as string;
    const answers = await inParallel(650, 10, (index) => server.get('/api/users/me', { token: bad(index), headers }));
    expect(countOf(answers, 401)).toBe(PER_ADDRESS);
    expect(countOf(answers, 429)).toBe(650 - PER_ADDRESS);
    expect(answers.at(-1)?.status).toBe(429);
    expectRetryAfter(answers);
    // The address is spent for failures and anonymous requests, never for a valid session.
    expect((await server.get('/api/health', { headers })).status).toBe(429);
    expect((await server.get('/api/users/me', { token, headers })).status).toBe(200);
  });

  it('counts a sign-in attempt against the address like any anonymous request', async () => {
    const headers = { 'x-forwarded-for': newAddress() };
    const answers = await inParallel(PER_ADDRESS - 1, 5, () => server.get('/api/health', { headers }));
    expect(new Set(statuses(answers))).toEqual(new Set([200]));
    const signIn = () => server.post('/api/users/login', { email: 'nobody@example.test', password: 'Wrong-Password-1' }, { headers });
    expect((await signIn()).status).toBe(401);
    const refused = await signIn();
    expect(refused.status).toBe(429);
    expectRetryAfter([refused]);
  });
});
