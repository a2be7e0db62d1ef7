import type { Executor } from '../../db/client.ts';
import type { InboundEventMessage } from '../../platform/domain-events.ts';
import { approvedValues, routesFor } from './senders.queries.ts';
import { readSenderSettings } from './senders.service.ts';

/** An assignment as the tickets take it (their `assignByRules`, handed over by the composition root). */
export interface SenderAssignment {
  inboundId: string;
  contactId: string;
  userId: string | null;
  rule: { id: string; name: string };
}

/**
 * The numbers' inbound routing, on `inbound.matched`: a reply that came in on one of our numbers
 * with an assignee goes to that assignee (the tickets open the conversation and write the history,
 * naming the number). Runs before the admin's keyword rules, so a rule's assignment wins.
 */
export function routeBySender(assign: (tx: Executor, assignments: SenderAssignment[]) => Promise<unknown>) {
  return async (tx: Executor, event: { messages: InboundEventMessage[] }) => {
    const routes = await routesFor(tx, [...new Set(event.messages.map((m) => m.toAddress))]);
    const assignments = event.messages.flatMap((message) => {
      const route = routes.get(message.toAddress);
      if (!route || !message.contactId) return [];
      return [
        { inboundId: message.id, contactId: message.contactId, userId: route.assigneeId, rule: { id: route.senderId, name: route.value } },
      ];
    });
    if (assignments.length > 0) await assign(tx, assignments);
    return { queued: 0, optedOut: [], optedIn: [] };
  };
}

/**
 * The integration API's sender check: with the organisation's "restrict senders to the list" on,
 * the senderIds of `senderIds` that are not approved numbers or sender IDs (the caller refuses
 * them: 400 SENDER_NOT_LISTED naming senderId). Empty when the rule is off or none is given;
 * without a senderId the gateway's own sender is used, which is the admin's choice already.
 */
export async function unlistedSenders(db: Executor, senderIds: Array<string | null | undefined>): Promise<Set<string>> {
  const given = [...new Set(senderIds.filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (given.length === 0 || !(await readSenderSettings(db)).restrictToList) return new Set();
  const approved = await approvedValues(db, given);
  return new Set(given.filter((id) => !approved.has(id.toLowerCase())));
}
