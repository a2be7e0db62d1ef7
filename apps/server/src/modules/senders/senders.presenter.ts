import type { Sender } from '@sms/contracts/senders';
import type { SenderRow } from './senders.queries.ts';

/** A sender as the API shows it. */
export function presentSender(row: SenderRow): Sender {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    gateway: row.gateway,
    status: row.status,
    notes: row.notes,
    countries: row.countries,
    origin: row.origin,
    numberType: row.numberType,
    country: row.country,
    providerSid: row.providerSid,
    monthlyPrice: row.monthlyPrice,
    priceUnit: row.priceUnit,
    routeAssignee: row.routeAssignee,
    usage: row.usage,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
