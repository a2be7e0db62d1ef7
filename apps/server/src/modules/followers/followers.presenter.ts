import type { Follower, FollowerDay, FollowerTotals } from '@sms/contracts/followers';
import type { FollowerRow } from './followers.queries.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The contact's name as one text, or null. */
export const followerName = (row: Pick<FollowerRow, 'first_name' | 'last_name'>): string | null =>
  [row.first_name, row.last_name].filter(Boolean).join(' ') || null;

/** A follower row as the API answers it. */
export function presentFollower(row: FollowerRow): Follower {
  return {
    id: `${row.consent_id}:${row.ord}`,
    contactId: row.contact_id,
    phone: row.phone,
    name: followerName(row),
    topic: row.topic,
    status: row.status,
    subscribedAt: iso(row.subscribed_at),
    unsubscribedAt: row.unsubscribed_at === null ? null : iso(row.unsubscribed_at),
    consent: { at: iso(row.subscribed_at), source: row.source, text: row.consent_text, ip: row.ip, userAgent: row.user_agent },
  };
}

/** Totals with the database's counts (bigint text in node-postgres) as numbers. */
export function presentTotals(row: {
  topic: string | null;
  subscriptions: number | string;
  subscribed: number | string;
  unsubscribed: number | string;
}): FollowerTotals {
  return {
    topic: row.topic,
    subscriptions: Number(row.subscriptions),
    subscribed: Number(row.subscribed),
    unsubscribed: Number(row.unsubscribed),
  };
}

/** One chart day with numbers. */
export function presentDay(row: {
  day: string;
  topic: string | null;
  subscribes: number | string;
  unsubscribes: number | string;
}): FollowerDay {
  return { day: row.day, topic: row.topic, subscribes: Number(row.subscribes), unsubscribes: Number(row.unsubscribes) };
}
