import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helper.ts';
import { createTokenService } from './tokens.ts';

const STREAMS = ['/api/inbox/stream', '/api/notifications/stream'] as const;

describe('event streams and the token that opened them', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ inboxHeartbeatMs: 200 });
  });
  afterAll(() => server?.close());

  /** Opens a stream; `ended` answers when the server ended it (ms since the epoch), or null if still open at `until`. */
  const openStream = async (path: string, token: string, until: number) => {
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    expect(response.status, path).toBe(200);
    const reader = response.body!.getReader();
    const ended = (async () => {
      for (;;) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), until - Date.now())),
        ]);
        if (chunk === null) return null;
        if (chunk.done) return Date.now();
      }
    })();
    return { ended, close: () => controller.abort() };
  };

  it("ends the inbox and notification streams when the token expires, and keeps a live token's open", async () => {
    const agent = await server.createUser('agent');
    // A token of two seconds (expiry in whole seconds: one to two from now), signed with the server's key.
    const shortLived = await createTokenService(server.jwtSecret, 2).sign({ userId: agent.user.id, tokenVersion: 0 });
    const expiresAt = JSON.parse(Buffer.from(shortLived.split('.')[1]!, 'base64url').toString()).exp * 1000;
    const until = expiresAt + 4_000;
    const expiring = await Promise.all(STREAMS.map((path) => openStream(path, shortLived, until)));
    const kept = await Promise.all(STREAMS.map((path) => openStream(path, agent.token, until)));
    try {
      for (const [index, stream] of expiring.entries()) {
        const ended = await stream.ended;
        expect(ended, STREAMS[index]).not.toBeNull();
        // Not before the expiry (a little slack for the two clocks' rounding), and by the next heartbeat or so after it.
        expect(ended!, STREAMS[index]).toBeGreaterThanOrEqual(expiresAt - 50);
        expect(ended!, STREAMS[index]).toBeLessThan(expiresAt + 2_000);
      }
      for (const [index, stream] of kept.entries()) expect(await stream.ended, STREAMS[index]).toBeNull();
      // The browser's reconnect with the expired token is refused.
      const again = await fetch(`${server.baseUrl}${STREAMS[0]}`, { headers: { authorization: `Bearer ${shortLived}` } });
      expect(again.status).toBe(401);
    } finally {
      for (const stream of [...expiring, ...kept]) stream.close();
    }
  });
});
