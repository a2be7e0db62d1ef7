import { campaignSchema } from '@sms/contracts/campaigns';
import { contactSchema } from '@sms/contracts/contacts';
import { errorResponseSchema } from '@sms/contracts/errors';
import { apiMessageListResponseSchema, apiMessageSchema, batchItemResultSchema, batchResponseSchema } from '@sms/contracts/integration';
import { outboundMessageSchema } from '@sms/contracts/messages';
import { WEBHOOK_EVENT_SCHEMAS } from '@sms/contracts/webhooks';
import { z } from 'zod';

/**
 * The shapes the OpenAPI document names in `components.schemas` (decision 094): every route that
 * answers one of these schemas gets a `$ref` instead of a copy. Named in zod's global registry,
 * where fastify-type-provider-zod looks for ids and where `.meta()` already keeps the examples, so
 * an example survives the naming. Only answers are named: request bodies stay inline, where the
 * hostile-input probes read them.
 */
const NAMED: Array<[string, z.ZodType]> = [
  ['Error', errorResponseSchema],
  ['Message', outboundMessageSchema],
  ['Contact', contactSchema],
  ['Campaign', campaignSchema],
  ['ApiMessage', apiMessageSchema],
  ['ApiMessageList', apiMessageListResponseSchema],
  ['ApiBatchItemResult', batchItemResultSchema],
  ['ApiBatchResult', batchResponseSchema],
  ...Object.values(WEBHOOK_EVENT_SCHEMAS).map(({ id, schema }): [string, z.ZodType] => [id, schema]),
];

/** Names the shared schemas once per process (several servers may start in one test process). */
export function nameSharedSchemas(): void {
  for (const [id, schema] of NAMED) {
    const meta = z.globalRegistry.get(schema);
    if (meta?.id === id) continue;
    z.globalRegistry.add(schema, { ...meta, id });
  }
}
