import type { ConversationList } from '@sms/contracts/inbox';
import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { inboxKeys } from './inbox-keys';
import { conversationMarkedRead } from './mark-read';

const CONTACT = '01a210f4-5962-7005-a1bb-91f399cd71a1';
const page = (unread: number): ConversationList => ({
  data: [
    {
      contactId: CONTACT,
      firstName: 'Sol',
      lastName: null,
      phone: '+33612340007',
      optedOut: true,
      lastActivityAt: '2026-11-25T04:00:00.000Z',
      lastMessage: { direction: 'in', body: 'STOP', at: '2026-11-25T04:00:00.000Z', status: null },
      unread,
      ticket: { status: 'open', assignee: null, priority: 'normal' },
    },
  ],
  total: 1,
  unreadConversations: unread > 0 ? 1 : 0,
});

let client: QueryClient | undefined;
afterEach(() => client?.clear());

/** A conversation list on screen whose loads the test answers by hand (what the server has at the time each load reads). */
function listOnScreen() {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const loads: Array<{ unread: number; answer: () => void }> = [];
  let serverUnread = 1;
  const observer = new InfiniteQueryObserver<ConversationList, Error, InfiniteData<ConversationList>, readonly unknown[], number>(client, {
    queryKey: inboxKeys.conversationList({}),
    initialPageParam: 0,
    getNextPageParam: () => undefined,
    queryFn: () =>
      new Promise<ConversationList>((resolve) => {
        const unread = serverUnread;
        loads.push({ unread, answer: () => resolve(page(unread)) });
      }),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return {
    client,
    loads,
    markedOnServer: () => (serverUnread = 0),
    unread: () => client?.getQueryData<InfiniteData<ConversationList>>(inboxKeys.conversationList({}))?.pages[0]?.data[0]?.unread,
    unsubscribe,
  };
}

describe('a conversation marked read', () => {
  it('clears the badge at once in a loaded list', async () => {
    const list = listOnScreen();
    list.loads[0]?.answer();
    await expect.poll(list.unread).toBe(1);
    list.markedOnServer();
    const done = conversationMarkedRead(list.client, CONTACT);
    await expect.poll(list.unread).toBe(0);
    await expect.poll(() => list.loads.length).toBe(2);
    list.loads[1]?.answer();
    await done;
    expect(list.unread()).toBe(0);
    list.unsubscribe();
  });

  it('keeps it cleared when a list answer read before the mark arrives after it', async () => {
    const list = listOnScreen();
    // The list load read the unread message, then the mark was made and answered first.
    expect(list.loads.map((load) => load.unread)).toEqual([1]);
    list.markedOnServer();
    const done = conversationMarkedRead(list.client, CONTACT);
    list.loads[0]?.answer();
    await expect.poll(() => list.loads.length).toBe(2);
    expect(list.loads[1]?.unread).toBe(0);
    list.loads[1]?.answer();
    await done;
    expect(list.unread()).toBe(0);
    list.unsubscribe();
  });
});
