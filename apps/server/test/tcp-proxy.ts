import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback that a fault test controls: the product's processes reach a peer
 * (PostgreSQL, an SMSC) through it, so the test can cut every connection at once, or refuse new
 * ones for a while, without touching the shared peer (ci-notes: never restart the server in CI).
 */
export interface TcpProxy {
  /** The port to connect to instead of the target's. */
  port: number;
  /** Connections open now (each one a client-target pair). */
  readonly open: number;
  /** Connections accepted since the start. */
  readonly accepted: number;
  /** Destroys every open connection (both sides reset), as a server restart or a network cut does. */
  cut(): void;
  /** Cuts and stops listening: new connections are refused (ECONNREFUSED) until up(). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /**
   * Stops passing bytes either way without closing anything (a peer that stopped answering, a
   * black-holed route): connections stay open and new ones are accepted, but nothing arrives.
   */
  stall(): void;
  /** Passes bytes again, those held meanwhile first. */
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, options: { port?: number } = {}): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  let accepted = 0;
  let server: Server | undefined;
  let port = options.port ?? 0;
  let stalled = false;
  const connect = ({ client, upstream }: { client: Socket; upstream: Socket }) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const hold = ({ client, upstream }: { client: Socket; upstream: Socket }) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };

  const listen = async () => {
    const next = createServer((client) => {
      accepted++;
      const upstream = createConnection(target);
      const pair = { client, upstream };
      pairs.add(pair);
      const end = () => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
      if (!stalled) connect(pair);
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    const address = next.address();
    if (typeof address === 'object' && address) port = address.port;
    server = next;
  };

  const cut = () => {
    for (const { client, upstream } of pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
  };

  const down = async () => {
    const current = server;
    server = undefined;
    cut();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get open() {
      return pairs.size;
    },
    get accepted() {
      return accepted;
    },
    cut,
    down,
    stall: () => {
      stalled = true;
      for (const pair of pairs) hold(pair);
    },
    resume: () => {
      stalled = false;
      for (const pair of pairs) connect(pair);
    },
    up: async () => {
      if (!server) await listen();
    },
    close: down,
  };
}
