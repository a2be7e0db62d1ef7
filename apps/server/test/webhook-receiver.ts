import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { WEBHOOK_EVENT_SCHEMAS, type WebhookEvent } from '@sms/contracts/webhooks';
import type { z } from 'zod';

/* eslint-disable @typescript-eslint/no-explicit-any -- events are read loosely; assertions check them */

/** One request a webhook receiver got. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  headers: Record<string, string>;
  event: any;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/** A webhook receiver over real HTTP that answers 500 to the first `failFirst` requests, then 200. */
export async function startReceiver(failFirst: number, host = '127.0.0.1'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let failures = failFirst;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      received.push({
        id: String(request.headers['webhook-id']),
        timestamp: String(request.headers['webhook-timestamp']),
        signature: String(request.headers['webhook-signature']),
        body,
        headers,
        event: JSON.parse(body),
      });
      response.statusCode = failures-- > 0 ? 500 : 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Our own reading of Standard Webhooks: HMAC-SHA256 over id.timestamp.body with the secret's bytes. */
export const verifies = (secret: string, message: ReceivedWebhook) =>
  message.signature ===
  `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${message.id}.${message.timestamp}.${message.body}`)
    .digest('base64')}`;

/**
 * How an event differs from its documented body (contracts webhooks.ts, the OpenAPI document's
 * `webhooks`, decision 094): the schema's complaint, or fields it lacks or does not name; empty
 * when it is as documented, field by field.
 */
export function undocumented(event: any): string[] {
  const documented = WEBHOOK_EVENT_SCHEMAS[event?.type as WebhookEvent]?.schema;
  if (!documented) return [`no documented event ${String(event?.type)}`];
  const problems = documented.safeParse(event).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
  // Every field given is documented, and every documented field is given unless optional.
  const differ = (given: object, shape: Record<string, z.ZodType>, at: string) => {
    const fields = Object.keys(given);
    const expected = Object.keys(shape).filter((key) => fields.includes(key) || !shape[key]!.safeParse(undefined).success);
    const [have, want] = [fields.sort().join(), expected.sort().join()];
    if (have !== want) problems.push(`${at} has ${have}, documented ${want}`);
  };
  differ(event, documented.shape, 'the event');
  differ(event.data ?? {}, (documented.shape.data as z.ZodObject).shape, 'data');
  return problems;
}
