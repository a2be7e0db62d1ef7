import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggedUrl, loggerOptions } from './logger.ts';
import { testConfig } from '../../test/helper.ts';

describe('request logs', () => {
  it('mask the secret token of Kannel and http gateway callbacks, and nothing else', () => {
    expect(loggedUrl('/api/gateways/http/0a9f/AbC_123-xyz/receipt?ref=4')).toBe('/api/gateways/http/0a9f/<token>/receipt?ref=4');
    expect(loggedUrl('/api/gateways/kannel/0a9f/AbC/inbound?from=%2B44')).toBe('/api/gateways/kannel/0a9f/<token>/inbound?from=%2B44');
    expect(loggedUrl('/api/gateways/0a9f')).toBe('/api/gateways/0a9f');
    expect(loggedUrl('/api/gateways/twilio/0a9f/status')).toBe('/api/gateways/twilio/0a9f/status');
  });

  it('never write the token through Fastify', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions(testConfig({ logLevel: 'info' })) as object;
    const app = Fastify({ logger: { ...options, stream } });
    app.get('/api/gateways/http/:id/:token/receipt', async () => '');
    await app.inject({ url: '/api/gateways/http/g1/SECRET-TOKEN-123/receipt?ref=1' });
    await app.close();
    expect(lines.join('')).toContain('/api/gateways/http/g1/<token>/receipt?ref=1');
    expect(lines.join('')).not.toContain('SECRET-TOKEN-123');
  });
});
