import type { Db } from '../../db/client.ts';
import { Rechecked } from '../../platform/rechecked.ts';
import { findDefaultGateway, findGateway, type GatewayRow } from './gateways.queries.ts';

/**
 * Gateway rows for sends, by id ('' for the default gateway), trusted for 2 s: the same bound as
 * the sending engine's GatewayRegistry recheck, so an edit made in another process reaches API
 * sends and the engine alike within 2 s (decision 045). Edits through this process forget them.
 */
const sendingGateways = new Rechecked<string, GatewayRow | undefined>(2_000, (db, id) =>
  id ? findGateway(db, id) : findDefaultGateway(db),
);

/**
 * The gateway a send names (live, enabled or not), or the default one when it names none;
 * undefined when there is none. A busy integration API spares a round trip per message
 * (bench/priority). Only for checks before queueing: the engine decides with its own view.
 */
export function gatewayForSending(db: Db, id: string | undefined): Promise<GatewayRow | undefined> {
  return sendingGateways.get(db, id ?? '');
}

/** Forgets the gateway rows (an admin created, changed or deleted one; the default may have moved). Call after the commit. */
export function forgetSendingGateways(): void {
  sendingGateways.forget();
}
