import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { literalHostRefusal, publicOnlyLookup } from './webhook-address.ts';

/** What an endpoint answered: status and the start of its body. */
export interface PostAnswer {
  statusCode: number;
  excerpt: string;
}

/**
 * POSTs a JSON body to a webhook URL and answers the status and the first `excerptChars` of the
 * answer. Unless private addresses are allowed, a literal host that is not a public address (or a
 * localhost name) is refused here and any other name is checked on every address it resolves to,
 * the connection going to a checked one (decision 054). Redirects are not followed. Rejects on a timeout, a network error or a refused address.
 */
export async function postWebhook(
  url: URL,
  input: { headers: Record<string, string>; body: string; timeoutMs: number; excerptChars: number; allowPrivate: boolean },
): Promise<PostAnswer> {
  const refusal = input.allowPrivate ? undefined : literalHostRefusal(url.hostname);
  if (refusal) throw refusal;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostAnswer>((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: { ...input.headers, 'content-length': Buffer.byteLength(input.body) },
        signal: AbortSignal.timeout(input.timeoutMs),
        ...(input.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response: IncomingMessage) => {
        let excerpt = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (excerpt.length < input.excerptChars) excerpt += chunk;
        });
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, excerpt: excerpt.slice(0, input.excerptChars) }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', (error: Error) =>
      reject(error.name === 'AbortError' ? new Error(`no answer within ${input.timeoutMs / 1000} s`) : error),
    );
    outgoing.end(input.body);
  });
}
