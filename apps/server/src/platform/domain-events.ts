import type { CampaignStatus } from '@sms/contracts/campaign-statuses';
import type { Db, Executor } from '../db/client.ts';

/** One inbound message of a batch, as the inbound processing read it (decision 081). */
export interface InboundEventMessage {
  id: string;
  /** The sender as stored (E.164 when it reads as a phone number). */
  fromPhone: string;
  contactId: string | null;
  /** The sender's contact had opted out when the batch was read (false without a contact). */
  contactOptedOut: boolean;
  /** Our address it was sent to (a number or short code), and the gateway it came through. */
  toAddress: string;
  gatewayId: string;
  body: string;
}

/** One campaign the engine moved (its state machine's write), with the reason it stamped (a pause or failure by itself). */
export interface CampaignStatusChange {
  campaignId: string;
  to: CampaignStatus;
  /** The status reason written with the move (JSON of contracts' CampaignStatusReason), or null. */
  reason: unknown;
}

/**
 * The events the sending engine publishes, each with what one subscriber answers. Batched: one
 * event per batch the engine writes, never one per row.
 */
export interface DomainEventMap {
  /**
   * Inbound messages matched to what they answer, their keywords not read yet. A subscriber
   * answers the contacts it opted in (the public site's confirmation by reply): the batch's
   * keyword opt-outs of those contacts yield to it (`inbound.matched`).
   */
  'inbound.received': { event: { messages: InboundEventMessage[] }; answer: { optedIn: string[] } };
  /**
   * The same batch once `inbound.received`'s subscribers answered: the contacts they opted in
   * (`optedIn`, which win over the batch's keywords). The keyword rules read the keywords, write
   * the consent and queue the automatic answers; a subscriber answers how many messages it queued
   * (the dispatcher is woken when any were) and the contacts whose consent it changed (published
   * next as `contact.consent_changed`).
   */
  'inbound.matched': {
    event: { messages: InboundEventMessage[]; optedIn: string[] };
    answer: { queued: number; optedOut: string[]; optedIn: string[] };
  };
  /** Inbound messages processed: consent written, automatic answers queued, marked processed. */
  'inbound.processed': { event: { ids: string[] }; answer: void };
  /**
   * Delivery receipts of one gateway applied (a flush, a parked batch applied again): the messages
   * whose status they changed. The webhook outbox hears it through its trigger (decision 088).
   */
  'receipt.recorded': { event: { gatewayId: string; messageIds: string[] }; answer: void };
  /** Campaigns the engine moved: completed, paused or failed by itself, due schedules started. */
  'campaign.status_changed': { event: { changes: CampaignStatusChange[] }; answer: void };
  /**
   * Contacts whose consent the inbound processing changed (the keyword rules): opted out, opted
   * back in. The webhook outbox hears it through its trigger (decision 088).
   */
  'contact.consent_changed': { event: { optedOut: string[]; optedIn: string[] }; answer: void };
}

export type DomainEventType = keyof DomainEventMap;

/** A subscriber: runs inside the publisher's transaction, before the publisher goes on. */
export type Subscriber<K extends DomainEventType> = (
  tx: Executor,
  event: DomainEventMap[K]['event'],
) => Promise<DomainEventMap[K]['answer']>;

/** Every event's subscribers, in the order they run. */
export type Subscribers = { [K in DomainEventType]: ReadonlyArray<Subscriber<K>> };

export interface DomainEvents {
  /**
   * Runs the event's subscribers one after the other in `tx` (the transaction that made the
   * change) and answers their answers in the same order. A subscriber that throws rolls the
   * change back with it, as code written inline did.
   */
  publish<K extends DomainEventType>(tx: Executor, type: K, event: DomainEventMap[K]['event']): Promise<Array<DomainEventMap[K]['answer']>>;
  /** Whether any subscriber hears `type`. */
  heard(type: DomainEventType): boolean;
}

/**
 * Makes a change and publishes the event it answers (null: nothing changed, nothing published)
 * in one transaction. When no subscriber hears the type, the change runs on `db` as it is, with no
 * transaction around it: the hot paths (receipts) pay nothing for an event nobody listens to.
 */
export async function changeAndPublish<K extends DomainEventType, T>(
  db: Db,
  events: DomainEvents,
  type: K,
  change: (tx: Executor) => Promise<T>,
  eventOf: (result: T) => DomainEventMap[K]['event'] | null,
): Promise<T> {
  if (!events.heard(type)) return change(db);
  return db.transaction(async (tx) => {
    const result = await change(tx);
    const event = eventOf(result);
    if (event) await events.publish(tx, type, event);
    return result;
  });
}

/**
 * The engine publishes, features subscribe (decision 081): the subscribers are fixed once, by the
 * process's composition root, and the engine knows none of them.
 */
export function createDomainEvents(subscribers: Partial<Subscribers>): DomainEvents {
  // Copied and frozen: the list is the composition root's, fixed at start. An event it leaves out has none.
  const fixed = Object.freeze(
    Object.fromEntries(Object.entries(subscribers).map(([type, list]) => [type, Object.freeze([...list])])),
  ) as Partial<Subscribers>;
  async function publish<K extends DomainEventType>(tx: Executor, type: K, event: DomainEventMap[K]['event']) {
    const list: Subscribers[K] = fixed[type] ?? [];
    const answers: Array<DomainEventMap[K]['answer']> = [];
    for (const subscriber of list) answers.push(await subscriber(tx, event));
    return answers;
  }
  return { publish, heard: (type) => (fixed[type]?.length ?? 0) > 0 };
}
