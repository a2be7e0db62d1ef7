import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/client.ts';
import { createDomainEvents, type Subscribers } from './domain-events.ts';

const tx = {} as Executor;
const message = {
  id: '1',
  fromPhone: '+447700900001',
  contactId: null,
  contactOptedOut: false,
  toAddress: '12345',
  gatewayId: 'g',
  body: 'YES',
};

describe('domain events', () => {
  it('runs the subscribers one after the other, in their order, in the transaction given, and answers their answers', async () => {
    const heard: string[] = [];
    const slow = (name: string, optedIn: string[]) => async (given: Executor) => {
      expect(given).toBe(tx);
      heard.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      heard.push(`${name} ends`);
      return { optedIn };
    };
    const events = createDomainEvents({
      'inbound.received': [slow('a', ['c1']), slow('b', [])],
      'inbound.matched': [],
      'inbound.processed': [],
    });
    expect(await events.publish(tx, 'inbound.received', { messages: [message] })).toEqual([{ optedIn: ['c1'] }, { optedIn: [] }]);
    expect(heard).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
    expect(await events.publish(tx, 'inbound.processed', { ids: ['1'] })).toEqual([]);
  });

  it('stops at a subscriber that throws, and the publisher sees the error (its transaction rolls back)', async () => {
    const heard: string[] = [];
    const events = createDomainEvents({
      'inbound.received': [],
      'inbound.matched': [],
      'inbound.processed': [
        async () => {
          throw new Error('inbox failed');
        },
        async () => {
          heard.push('after');
        },
      ],
    });
    await expect(events.publish(tx, 'inbound.processed', { ids: ['1'] })).rejects.toThrow('inbox failed');
    expect(heard).toEqual([]);
  });

  it('keeps the subscribers it was given: changing the lists afterwards changes nothing', async () => {
    const heard: string[] = [];
    const late = async () => {
      heard.push('late');
    };
    const processed: Subscribers['inbound.processed'][number][] = [];
    const subscribers = { 'inbound.received': [], 'inbound.matched': [], 'inbound.processed': processed };
    const events = createDomainEvents(subscribers);
    processed.push(late);
    Object.assign(subscribers, { 'inbound.processed': [late] });
    await events.publish(tx, 'inbound.processed', { ids: ['1'] });
    expect(heard).toEqual([]);
  });
});
