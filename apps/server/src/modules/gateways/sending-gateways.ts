import type { Db } from '../../db/client.ts';
import { findDefaultGateway, findGateway, type GatewayRow } from './gateways.queries.ts';

/**
 * How long a gateway row read for a send is trusted: the same bound as the sending engine's
 * GatewayRegistry recheck, so an edit made in another process reaches API sends and the engine
 * alike within 2 s (decision 045). Edits made through this process forget the rows at once.
 */
const RECHECK_MS = 2_000;

interface Cached {
  row: GatewayRow | undefined;
  staleAt: number;
}

/** The rows of one database (tests run several servers in one process), and the forget count. */
interface Rows {
  entries: Map<string, Cached>;
  generation: number;
}

const byDatabase = new WeakMap<Db, Rows>();

const rowsOf = (db: Db): Rows => {
  let rows = byDatabase.get(db);
  if (!rows) {
    rows = { entries: new Map(), generation: 0 };
    byDatabase.set(db, rows);
  }
  return rows;
};

/**
 * The gateway a send names (live, enabled or not), or the default one when it names none;
 * undefined when there is none. Read at most every 2 s per gateway: a busy integration API spares
 * a round trip per message (bench/priority). Only for checks before queueing; the engine decides
 * with its own fresh view when it sends.
 */
export async function gatewayForSending(db: Db, id: string | undefined): Promise<GatewayRow | undefined> {
  const rows = rowsOf(db);
  const key = id ?? '';
  const cached = rows.entries.get(key);
  if (cached && cached.staleAt > Date.now()) return cached.row;
  const generation = rows.generation;
  const row = id ? await findGateway(db, id) : await findDefaultGateway(db);
  // A read that started before an edit must not put the old row back.
  if (generation === rows.generation) {
    if (rows.entries.size >= 1_000) rows.entries.clear();
    rows.entries.set(key, { row, staleAt: Date.now() + RECHECK_MS });
  }
  return row;
}

/** Forgets every gateway row of this database (an admin created, changed or deleted one; the default may have moved). */
export function forgetSendingGateways(db: Db): void {
  const rows = rowsOf(db);
  rows.generation++;
  rows.entries.clear();
}
