import { createServer, type IncomingMessage, type Server } from 'node:http';

/** One request the fake provider received. */
export interface ProviderRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** The body's fields: a form's, or a JSON object as it came. */
  fields: Record<string, unknown>;
}

export interface ProviderAnswer {
  status: number;
  body: string | object;
  headers?: Record<string, string>;
}

/**
 * A small in-process SMS provider with an HTTP API (tests of the http gateway kind): records each
 * request and answers what `answer` says; `answer` may also post callbacks back to the server.
 */
export interface FakeHttpProvider {
  url: string;
  requests: ProviderRequest[];
  answer: (request: ProviderRequest) => ProviderAnswer | Promise<ProviderAnswer>;
  close(): Promise<void>;
}

function fieldsOf(contentType: string | undefined, body: string): Record<string, unknown> {
  if (contentType?.startsWith('application/json')) {
    try {
      return JSON.parse(body) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  if (contentType?.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body));
  return {};
}

export async function startFakeHttpProvider(): Promise<FakeHttpProvider> {
  const provider: FakeHttpProvider = {
    url: '',
    requests: [],
    answer: () => ({ status: 200, body: {} }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://provider');
      const body = Buffer.concat(chunks).toString('utf8');
      const received: ProviderRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body,
        fields: fieldsOf(request.headers['content-type'], body),
      };
      provider.requests.push(received);
      void Promise.resolve(provider.answer(received)).then(
        (answer) => {
          const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
          const type = typeof answer.body === 'string' ? 'text/plain' : 'application/json';
          response.writeHead(answer.status, { 'content-type': type, ...answer.headers }).end(text);
        },
        (error: Error) => response.writeHead(500).end(error.message),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return provider;
}
