import type { Db } from '../db/client.ts';

/**
 * Values read from the database and trusted for `ms` (per database: tests run several servers in
 * one process), for reads on a hot path whose source rarely changes: gateway rows and messaging
 * settings for API sends (decision 045). `forget` drops every copy at once: call it after the
 * change commits, so no read racing with it puts the old value back. Other processes see a
 * change within `ms`, like the sending engine's GatewayRegistry recheck.
 */
export class Rechecked<K, V> {
  private readonly ms: number;
  private readonly read: (db: Db, key: K) => Promise<V>;
  private values = new WeakMap<Db, Map<K, { value: V; staleAt: number }>>();
  /** Bumped by forget: a read that started before it does not keep its answer. */
  private generation = 0;

  constructor(ms: number, read: (db: Db, key: K) => Promise<V>) {
    this.ms = ms;
    this.read = read;
  }

  async get(db: Db, key: K): Promise<V> {
    let values = this.values.get(db);
    const cached = values?.get(key);
    if (cached && cached.staleAt > Date.now()) return cached.value;
    const generation = this.generation;
    const value = await this.read(db, key);
    if (generation === this.generation) {
      if (!values) this.values.set(db, (values = new Map()));
      // Keys are few (gateways, one settings row); a bound all the same.
      if (values.size >= 1_000) values.clear();
      values.set(key, { value, staleAt: Date.now() + this.ms });
    }
    return value;
  }

  /** Forgets every value (of every database) at once. */
  forget(): void {
    this.generation++;
    this.values = new WeakMap();
  }
}
