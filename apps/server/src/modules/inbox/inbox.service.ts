import { INBOX_ERROR_CODES } from '@sms/contracts/inbox';
import type { Db } from '../../db/client.ts';
import { Conflict, Unprocessable } from '../../platform/errors.ts';
import { findDefaultGateway } from '../gateways/index.ts';
import { findOutboundMessage } from '../messages/index.ts';
import { countTemplateUse } from '../templates/index.ts';
import { insertReply, lastInboundAddress, recordReplyActivity, type InboxContactRow } from './inbox.queries.ts';

/** A sender ID for answering on the channel the contact wrote to (our number or short code), else the gateway's default. */
const answerFrom = (address: string | null) =>
  address && (/^\+?\d{3,15}$/.test(address) || /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/.test(address)) ? address : null;

/**
 * Queues a reply typed in the inbox: kind 'reply', no campaign, through the default gateway, the
 * same one-off path as test sends (the dispatcher sends it within a moment). 409 for a contact who
 * opted out, 422 when no usable default gateway exists. Answers the message as queued, read before
 * the dispatcher is woken (as testSend does), so the answer does not depend on how fast it sends.
 */
export async function sendReply(
  db: Db,
  input: { contact: InboxContactRow; body: string; actorId: string; templateId?: string; wake: () => void },
) {
  const { contact } = input;
  if (contact.status === 'opted_out')
    throw new Conflict('This contact has opted out of messages: replies cannot be sent until they opt back in', {
      code: INBOX_ERROR_CODES.optedOut,
      field: 'contactId',
    });
  const gateway = await findDefaultGateway(db);
  if (!gateway) throw new Unprocessable('No default gateway is configured', INBOX_ERROR_CODES.gatewayUnavailable);
  if (!gateway.enabled) throw new Unprocessable(`The default gateway ${gateway.name} is disabled`, INBOX_ERROR_CODES.gatewayUnavailable);
  const senderId = answerFrom(await lastInboundAddress(db, contact.id));
  const id = await db.transaction(async (tx) => {
    const queued = await insertReply(tx, {
      contactId: contact.id,
      gatewayId: gateway.id,
      phone: contact.phone,
      senderId,
      body: input.body,
      createdBy: input.actorId,
    });
    await recordReplyActivity(tx, contact.id);
    // A template deleted meanwhile is simply not counted: the reply itself stands.
    if (input.templateId) await countTemplateUse(tx, input.templateId);
    return queued;
  });
  const message = await findOutboundMessage(db, id);
  if (!message) throw new Error('reply vanished');
  input.wake();
  return message;
}
