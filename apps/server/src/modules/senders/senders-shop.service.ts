import { twilioConfigSchema, twilioSecretsSchema } from '@sms/contracts/gateway-twilio';
import { SENDER_ERROR_CODES, type AvailableNumbers, type AvailableNumbersQuery, type PurchaseNumberBody } from '@sms/contracts/senders';
import type { Db } from '../../db/client.ts';
import { buyNumber, numberMonthlyPrice, searchAvailableNumbers, twilioPricingBaseUrl } from '../../gateways/twilio/twilio-numbers.ts';
import { createTwilioRequest, type TwilioRequest } from '../../gateways/twilio/twilio-rest.ts';
import { twilioInboundUrl, twilioStatusCallbackUrl } from '../../gateways/twilio/twilio-urls.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { Conflict, Unprocessable, ValidationError } from '../../platform/errors.ts';
import { findGateway } from '../gateways/index.ts';
import { findSender, findSenderByValue, insertSender, type SenderRow } from './senders.queries.ts';
import { insertOrConflict } from './senders.service.ts';

/** Deployment facts the shop needs: where Twilio is, and where it reaches this server. */
export interface ShopContext {
  publicUrl: string | undefined;
  twilioApiBaseUrl: string;
}

// A search or purchase waits this long for Twilio before telling the admin it did not answer.
const TWILIO_TIMEOUT_MS = 15_000;

/** The Twilio account of a gateway (400 naming gatewayId when it is not a usable Twilio gateway). */
async function twilioAccount(db: Db, gatewayId: string, context: ShopContext) {
  const row = await findGateway(db, gatewayId);
  if (!row) throw new ValidationError('gatewayId', 'gatewayId must name an existing gateway');
  if (row.kind !== 'twilio')
    throw new ValidationError('gatewayId', 'Numbers are bought through a Twilio gateway: gatewayId names another kind');
  const config = twilioConfigSchema.safeParse(row.config);
  const secrets = twilioSecretsSchema.safeParse(row.secrets);
  if (!config.success || !secrets.success) throw new ValidationError('gatewayId', 'The Twilio gateway’s settings are incomplete');
  const options = { accountSid: config.data.accountSid, authToken: secrets.data.authToken, timeoutMs: TWILIO_TIMEOUT_MS };
  return {
    row,
    accountSid: config.data.accountSid,
    request: createTwilioRequest({ ...options, apiBaseUrl: context.twilioApiBaseUrl }) as TwilioRequest,
    pricing: createTwilioRequest({ ...options, apiBaseUrl: twilioPricingBaseUrl(context.twilioApiBaseUrl) }) as TwilioRequest,
  };
}

/** The numbers the gateway's Twilio account may buy, and the type's monthly price there. */
export async function searchNumbers(db: Db, query: AvailableNumbersQuery, context: ShopContext): Promise<AvailableNumbers> {
  const account = await twilioAccount(db, query.gatewayId, context);
  const [found, price] = await Promise.all([
    searchAvailableNumbers(account.request, account.accountSid, query),
    numberMonthlyPrice(account.pricing, query.country, query.type),
  ]);
  if (!found.ok) throw new Unprocessable(found.message, SENDER_ERROR_CODES.providerRefused, 'country');
  return { data: found.value, price };
}

/**
 * Buys a number through the gateway's Twilio account, its incoming messages and status callbacks
 * pointed at this server's webhooks for that gateway, and lists it approved (the provider issued
 * it) with the price it was offered at. The purchase is audited, refused or not.
 */
export async function purchaseNumber(db: Db, input: Command & { body: PurchaseNumberBody; context: ShopContext }): Promise<SenderRow> {
  const { body, context } = input;
  const account = await twilioAccount(db, body.gatewayId, context);
  // Before paying: a number already on the list would be bought and then refused.
  if (await findSenderByValue(db, body.phoneNumber))
    throw new Conflict('This number is on the list already', { code: SENDER_ERROR_CODES.exists, field: 'phoneNumber' });
  const price = await numberMonthlyPrice(account.pricing, body.country, body.type);
  const bought = await buyNumber(account.request, account.accountSid, {
    phoneNumber: body.phoneNumber,
    smsUrl: twilioInboundUrl(context.publicUrl, body.gatewayId),
    statusCallback: twilioStatusCallbackUrl(context.publicUrl, body.gatewayId),
  });
  if (!bought.ok) {
    await recordAudit(db, {
      actor: input.actor,
      action: 'sender.purchase_refused',
      subject: 'Sender',
      ip: input.ip,
      details: { ...body, reason: bought.message },
    });
    throw new Unprocessable(bought.message, SENDER_ERROR_CODES.providerRefused, 'phoneNumber');
  }
  const id = await db.transaction(async (tx) => {
    const created = await insertOrConflict(tx, () =>
      insertSender(tx, {
        kind: 'number',
        value: bought.value.phoneNumber,
        gatewayId: body.gatewayId,
        status: 'approved',
        notes: '',
        countries: [body.country],
        origin: 'bought',
        numberType: body.type,
        country: body.country,
        providerSid: bought.value.sid,
        monthlyPrice: price?.monthly ?? null,
        priceUnit: price?.unit ?? null,
        createdBy: input.actor.id,
      }),
    );
    await recordAudit(tx, {
      actor: input.actor,
      action: 'sender.purchase',
      subject: 'Sender',
      subjectId: created,
      ip: input.ip,
      details: { ...body, providerSid: bought.value.sid, monthlyPrice: price?.monthly ?? null, priceUnit: price?.unit ?? null },
    });
    return created;
  });
  return (await findSender(db, id)) as SenderRow;
}
